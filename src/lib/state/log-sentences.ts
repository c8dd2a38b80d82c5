/**
 * The game log as sentences a player reads ("Ada bids £105 on Minor 5"), built by replaying the
 * actions in effect through the engine, so that each line can name players and see round changes;
 * what an action caused (auctions won, phases, rusting, dividends…) is the engine's events, one
 * line each (event-sentences.ts).
 *
 * Replay is incremental: when the new list of actions extends the one already replayed, only the
 * new actions are applied; a long list may be described in slices.
 */
import { autoActions, roundName, type Action, type GameEvent, type GameEventKind, type GameState } from '../engine';
import { describeEvent, eventSubjects, TOLD_BY_ACTION, usingPrivates } from './event-sentences';
import { CHECKPOINT_EVERY, HistoryReplay, type ReplayListener } from './history-replay';
import type { HistoryStep, StepSource } from './history-steps';
import { playerName } from './stock-view';
import { choiceLabel, companyLabel, corporationName } from './game-view-names';
import { corporationLabel, hexLabel, trainWithArticle } from './operating-view';

/**
 * Round headers, actions, what an action caused (the engine's events), what players' programs
 * did right after it (results), undo requests and their answers.
 */
export type LogLineKind = 'round' | 'action' | 'result' | 'event' | 'undo' | 'consent' | 'device';

export interface LogLine {
	/** The log entry id of the action or undo entry (empty for round headers and results). */
	readonly id: string;
	readonly kind: LogLineKind;
	readonly text: string;
	/** The history position the line belongs to: the number of steps in effect up to and including it. */
	readonly position: number;
	/** The round the line happened in (a header names the round it opens). */
	readonly round: string;
	/** The acting entity as the action names it (a player id or a corporation id), '' when none. */
	readonly actor: string;
	/** The actor as the log names it: a player's name, a corporation's id ('' when none). */
	readonly actorName?: string;
	/** Imported from 18xx.games, one of its automatic actions, or played here. */
	readonly source: StepSource;
	/** A live action that replays one an undo had just taken back. */
	readonly redo?: boolean;
	/** For an event line: the kind of the engine's event it tells. */
	readonly event?: GameEventKind;
	/** For an event line: the players and companies it names, as `actor` names them (log-filter.ts). */
	readonly subjects?: readonly string[];
}

const money = (n: number) => `£${n}`;

function entityName(state: GameState, entity: unknown): string {
	if (typeof entity === 'number') return playerName(state, entity);
	return typeof entity === 'string' ? corporationLabel(state, entity) : '?';
}

function corporationOfShare(share: unknown): string {
	if (typeof share !== 'string') return '?';
	const i = share.lastIndexOf('_');
	return i > 0 ? share.slice(0, i) : share;
}

function num(x: unknown): number | null {
	return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

function eventOf<K extends GameEventKind>(events: readonly GameEvent[], kind: K): Extract<GameEvent, { kind: K }> | undefined {
	return events.find((e): e is Extract<GameEvent, { kind: K }> => e.kind === kind);
}

/**
 * One action as a sentence, read against the state before it (and after it, for a train's name);
 * what a lay or a station cost, and where a station went, are the engine's events of the action.
 */
export function describeAction(state: GameState, action: Action, after?: GameState, events: readonly GameEvent[] = []): string {
	const who = entityName(state, action.entity);
	const a = action as unknown as Record<string, unknown>;
	switch (action.type) {
		case 'bid':
			return `${who} bids ${money(action.price)} on ${companyLabel(state, action.company)}`;
		case 'pass':
			return `${who} passes`;
		case 'par': {
			const price = Number(String(action.share_price).split(',')[0]);
			return `${who} starts ${corporationName(state, action.corporation)} at ${money(price)}`;
		}
		case 'buy_shares': {
			const pct = num(a.percent);
			return `${who} buys ${pct ? `${pct}%` : 'a share'} of ${corporationName(state, corporationOfShare(action.shares[0]))}`;
		}
		case 'sell_shares': {
			const pct = num(a.percent);
			return `${who} sells ${pct ? `${pct}%` : `${action.shares.length} share(s)`} of ${corporationName(state, corporationOfShare(action.shares[0]))}`;
		}
		case 'payoff_player_debt':
			return `${who} pays off the loan`;
		case 'payoff_player_debt_partial':
			return `${who} pays off part of the loan`;
		case 'lay_tile': {
			const laid = eventOf(events, 'track_laid');
			const tile = laid?.tile ?? String(action.tile).replace(/-\d+$/, '');
			return `${who} lays tile ${tile} on ${hexLabel(state, String(action.hex))}${laid ? ` for ${money(laid.cost)}${usingPrivates(state, laid.privates)}` : ''}`;
		}
		case 'place_token': {
			const placed = eventOf(events, 'station_placed');
			const where = placed ? hexLabel(state, placed.hex) : String(action.city);
			return `${who} places a station in ${where}${placed ? ` for ${money(placed.cost)}` : ''}`;
		}
		case 'hex_token': {
			const placed = eventOf(events, 'station_placed');
			return `${who} places its destination token in ${hexLabel(state, placed?.hex ?? String(action.hex))}${placed ? ` for ${money(placed.cost)}` : ''}`;
		}
		case 'run_routes': {
			const total = action.routes.reduce((s, r) => s + (num(r.revenue) ?? 0), 0);
			return `${who} runs for ${money(total)}`;
		}
		case 'dividend':
			return `${who} ${action.kind === 'payout' ? 'pays out' : action.kind === 'withhold' ? 'withholds' : `chooses ${action.kind}`}`;
		case 'buy_train': {
			if (typeof a.exchange === 'string') return `${who} upgrades its L train to a 2 train for ${money(action.price)}`;
			// The train as it is now named: an L bought as its 2 variant is a 2 train.
			const bought = after && typeof action.entity === 'string' ? after.corporations[action.entity]?.trains.find((t) => t.id === action.train) : undefined;
			const name = bought?.name ?? (typeof a.variant === 'string' ? a.variant : String(action.train).split('-')[0]);
			const seller = Object.values(state.corporations).find((c) => c.trains.some((t) => t.id === action.train));
			const from = seller ? ` from ${corporationLabel(state, seller.id)}` : '';
			return `${who} buys ${trainWithArticle(name)}${from} for ${money(action.price)}`;
		}
		case 'choose':
			return `${who} chooses ${choiceLabel(String(action.choice))}`;
		case 'choose_ability':
			return `${who} uses ${typeof action.choice === 'string' ? choiceLabel(action.choice) : 'an ability'}`;
		case 'acquire_company':
			return `${who} acquires ${companyLabel(state, action.company)}`;
		case 'merge':
			return `${who} acquires ${corporationName(state, action.corporation)}`;
		case 'program_share_pass':
			return `${who} sets auto-pass${a.unconditional === true ? ', unconditionally' : ''}${a.indefinite === true ? ', for every stock round' : ''}`;
		case 'program_buy_shares':
			return `${who} sets automatic buying of ${corporationName(state, String(a.corporation))}`;
		case 'program_disable':
			return a.reason === 'user' || a.reason === undefined ? `${who} cancels their automatic actions` : `${who}'s automatic actions stop: ${String(a.reason)}`;
		default:
			return `${who}: ${action.type.replaceAll('_', ' ')}`;
	}
}

export interface ActionInEffect {
	readonly id: string;
	readonly action: Action;
	/** Live play when left out. */
	readonly source?: StepSource;
}

/**
 * Builds the log as the actions in effect grow, on a replay of the history that also serves the
 * history cursor's past positions (history-replay.ts) and, through `also`, anyone else who wants
 * to hear each step once (the game's figures: game-stats.ts).
 *
 * The steps may be set first (`target`) and described later, a slice at a time (`advance`), so
 * that a long game opens before its log is written (issue 11).
 */
export class LogBuilder {
	readonly replay: HistoryReplay;
	#lines: LogLine[] = [];
	/** Sentences of every step described, kept after an undo so that it can say what it took back. */
	readonly #sentences = new Map<string, string>();

	constructor(initial: GameState, liveFrom = 0, opts: { readonly also?: ReplayListener } = {}) {
		const also = opts.also;
		this.replay = new HistoryReplay(initial, liveFrom, CHECKPOINT_EVERY, {
			step: (step, index, before, after, error, again, events) => {
				if (!again) this.#describe(step, index, before, after, error?.message ?? null, events);
				also?.step(step, index, before, after, error, again, events);
			},
			rewound: (base) => also?.rewound(base)
		});
		this.#lines = [header(initial, 0)];
	}

	/** Brings the log up to `actions` (the steps in effect from the true start, in order) and returns every line. */
	update(actions: readonly ActionInEffect[]): readonly LogLine[] {
		this.target(actions);
		this.advance();
		return [...this.#lines];
	}

	/**
	 * Sets the steps in effect from the true start without describing the new ones yet. Lines of
	 * steps an undo changed go at once.
	 */
	target(actions: readonly ActionInEffect[]): void {
		const steps: HistoryStep[] = actions.map((a) => ({ id: a.id, action: a.action, source: a.source ?? 'live' }));
		const replayed = this.replay.length;
		const same = this.replay.target(steps);
		// An undo changed the steps from `same` on: their lines go, and are rebuilt as they replay.
		if (same < replayed) this.#lines = this.#lines.filter((l) => l.position <= same);
	}

	/** Describes up to `max` more of the steps set; true when every one is described. */
	advance(max = Infinity): boolean {
		return this.replay.advance(max);
	}

	/** Steps set and not described yet. */
	get pending(): number {
		return this.replay.pending;
	}

	/** Every line described so far. */
	get lines(): readonly LogLine[] {
		return [...this.#lines];
	}

	#describe(step: HistoryStep, index: number, before: GameState, afterState: Readonly<GameState>, error: string | null, events: readonly GameEvent[]): void {
		const after = afterState as GameState;
		const position = index + 1;
		const text = error === null ? describeAction(before, step.action, after, events) : `${describeAction(before, step.action)} (not replayed: ${error})`;
		this.#sentences.set(step.id, text);
		const entity = step.action.entity;
		const lines: LogLine[] = [
			{
				id: step.id,
				kind: 'action',
				text,
				position,
				round: roundName(before),
				actor: entity === undefined || entity === null ? '' : String(entity),
				actorName: typeof entity === 'number' ? playerName(before, entity) : typeof entity === 'string' ? corporationName(before, entity) : '',
				source: step.source
			}
		];
		if (error === null) {
			// What players' programs did right after this action ("Ada passes (auto-pass)").
			for (const auto of autoActions(after)) {
				const text = auto.type === 'program_disable' ? describeAction(before, auto) : `${describeAction(before, auto)} (${auto.type === 'pass' ? 'auto-pass' : 'automatic'})`;
				lines.push({ id: '', kind: 'result', text, position, round: roundName(before), actor: String(auto.entity), source: step.source });
			}
			// What the action did, as the engine reports it.
			// A lay's or a station's own event is told by the action's line; the income an operating
			// round starts with follows that round's header.
			const actor = entity === undefined || entity === null ? '' : String(entity);
			const line = (e: GameEvent, round: string): LogLine => ({ id: '', kind: 'event', event: e.kind, text: describeEvent(after, e), position, round, actor, subjects: eventSubjects(e), source: step.source });
			for (const e of events) if (!TOLD_BY_ACTION.has(e.kind) && e.kind !== 'private_income') lines.push(line(e, roundName(before)));
			if (roundName(after) !== roundName(before)) lines.push(header(after, position));
			for (const e of events) if (e.kind === 'private_income') lines.push(line(e, roundName(after)));
		}
		this.#lines.push(...lines);
	}

	/** The sentence of a step described at some point (undone ones included). */
	sentenceOf(id: string): string | undefined {
		return this.#sentences.get(id);
	}
}

function header(state: GameState, position: number): LogLine {
	const round = roundName(state);
	return { id: '', kind: 'round', text: round, position, round, actor: '', source: 'live' };
}
