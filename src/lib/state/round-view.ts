/**
 * Which round view the game page shows for a position: the one of the round the engine says is
 * under way, so that the view switches as soon as an action ends a round (an operating round
 * ended by a redemption, say), and none once the game is over. Pure: no runes.
 */
import type { GameState } from '../engine';

export type RoundView = 'finished' | 'stock' | 'choices' | 'operating';

export function roundView(state: GameState): RoundView {
	if (state.end.finished) return 'finished';
	const kind = state.round.kind;
	switch (kind) {
		case 'stock':
		case 'choices':
		case 'operating':
			return kind;
		default: {
			const never: never = kind;
			throw new Error(`unknown round ${String(never)}`);
		}
	}
}
