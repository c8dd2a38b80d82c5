/**
 * P5 (LC&DR, English Channel), read from g_1822/step/special_token.rb, g_1822/step/special_track.rb
 * (abilities: the Channel upgrade only when its city is full and the phase allows the next
 * colour; rotation 0) and g_1822/game.rb company_choices_lcdr (the "exchange" choice in the token
 * step). Rules digest 10.2.
 */
import { describe, expect, it } from 'vitest';
import { process, type Action } from '../../src/lib/engine/index';
import { corporationId, hexId, tileId } from '../../src/lib/engine/core/ids';
import type { GameState, OrStep } from '../../src/lib/engine/titles/g1822/state';
import { giveToCorporation, majorTurn } from './or-support';

const CORP = 'MR';

/**
 * MR (phase `phase`, at `step`) with a station in Dover (P41, tile 57 pointing at the Channel)
 * and P5. With `fullChannel` the Channel is the green X4 whose one slot GWR holds.
 */
function position(step: OrStep, phase: string, fullChannel = false): GameState {
	const s = majorTurn(CORP, step, { phase });
	s.board = {
		...s.board,
		tiles: { ...s.board.tiles, P41: { tile: tileId('57-0'), rotation: 0 }, ...(fullChannel ? { P43: { tile: tileId('X4-0'), rotation: 0 } } : {}) },
		tokens: [
			...s.board.tokens,
			{ hex: hexId('P41'), city: 0, corporation: corporationId(CORP), kind: 'normal' },
			...(fullChannel ? [{ hex: hexId('P43'), city: 0, corporation: corporationId('GWR'), kind: 'normal' as const }] : [])
		]
	};
	s.corporations[CORP].charter[0].at = 'P41-0';
	giveToCorporation(s, 'P5', CORP);
	return s;
}

const channelToken = (city: string): Action => ({ type: 'place_token', entity: 'P5', entity_type: 'company', city, slot: 0 });
const channelLay = (tile: string, rotation = 0): Action => ({ type: 'lay_tile', entity: 'P5', entity_type: 'company', hex: 'P43', tile, rotation });

describe('P5 English Channel: token from the exchange area', () => {
	it('places a free token in the Channel without a connection, uses an exchange token and closes P5', () => {
		const s = position('token', '3');
		const cash = s.corporations[CORP].cash;
		const r = process(s, channelToken('P43-0-0'));
		expect(r.ok).toBe(true);
		if (!r.ok) return;
		const c = r.value.corporations[CORP];
		expect(r.value.board.tokens.some((t) => t.hex === 'P43' && t.corporation === CORP)).toBe(true);
		expect(c.exchangeTokens).toBe(2);
		expect(c.cash).toBe(cash);
		expect(r.value.companies.P5.closed).toBe(true);
	});

	it('is refused without an exchange token, and outside the Channel', () => {
		const s = position('token', '3');
		s.corporations[CORP].exchangeTokens = 0;
		const none = process(s, channelToken('P43-0-0'));
		expect(none.ok ? null : none.error.code).toBe('no_exchange_token');
		const t = position('token', '3');
		const elsewhere = process(t, channelToken('P41-0'));
		expect(elsewhere.ok ? null : elsewhere.error.code).toBe('hex_not_allowed');
	});
});

describe('P5 English Channel: upgrade the full Channel, then place the token', () => {
	it('in phase 5 upgrades the green Channel to brown for £100 as its lay, then places the token and closes', () => {
		const s = position('track', '5', true);
		const cash = s.corporations[CORP].cash;
		const lay = process(s, channelLay('X9-0'));
		expect(lay.ok).toBe(true);
		if (!lay.ok) return;
		expect(lay.value.board.tiles.P43?.tile).toBe('X9-0');
		expect(lay.value.corporations[CORP].cash).toBe(cash - 100);
		expect(lay.value.companies.P5.closed).toBe(false);
		const token = process(lay.value, channelToken('X9-0-0'));
		expect(token.ok).toBe(true);
		if (!token.ok) return;
		expect(token.value.board.tokens.filter((t) => t.hex === 'P43').map((t) => t.corporation).sort()).toEqual(['GWR', CORP]);
		expect(token.value.companies.P5.closed).toBe(true);
	});

	it('is refused while the Channel has a free slot, before brown is available, and with another rotation', () => {
		const room = position('track', '5', true);
		room.board = { ...room.board, tokens: room.board.tokens.filter((t) => t.hex !== 'P43') };
		const r1 = process(room, channelLay('X9-0'));
		expect(r1.ok ? null : r1.error.code).toBe('channel_has_room');
		const early = process(position('track', '4', true), channelLay('X9-0'));
		expect(early.ok ? null : early.error.code).toBe('upgrade_not_allowed');
		const turned = process(position('track', '5', true), channelLay('X9-0', 1));
		expect(turned.ok ? null : turned.error.code).toBe('rotation_not_allowed');
	});
});

describe('P5 English Channel: move an exchange token to available', () => {
	it('in the token step adds a £100 token to the charter, uses an exchange token and closes P5', () => {
		const s = position('token', '3');
		const before = s.corporations[CORP].charter.length;
		const r = process(s, { type: 'choose_ability', entity: 'P5', entity_type: 'company', choice: 'exchange' });
		expect(r.ok).toBe(true);
		if (!r.ok) return;
		const c = r.value.corporations[CORP];
		expect(c.charter.length).toBe(before + 1);
		expect(c.charter[c.charter.length - 1]).toEqual({ price: 100, kind: 'normal', at: null });
		expect(c.exchangeTokens).toBe(2);
		expect(r.value.companies.P5.closed).toBe(true);
	});

	it('is refused outside the token step', () => {
		const s = position('track', '3');
		const r = process(s, { type: 'choose_ability', entity: 'P5', entity_type: 'company', choice: 'exchange' });
		expect(r.ok ? null : r.error.code).toBe('ability_not_now');
	});
});
