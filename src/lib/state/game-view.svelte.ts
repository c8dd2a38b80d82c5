/**
 * One open game as the page sees it: the session's ordered log replayed into an engine snapshot,
 * with the questions the page asks of it (round, phase, whose turn, the stock-round choices, the
 * log as sentences) and `act`, which signs and appends through the session.
 *
 * A hotseat device holds every seat's key, so `act` plays as whichever of this device's seats the
 * engine expects now; on a shared table it simply has no seat to act with until its turn.
 */
import { phaseName, roundName, stockRoundChoices, type Action, type GameState, type StockChoices } from '../engine';
import type { ChatMessage, Divergence, GameSession, Peer, SessionView } from '../sync';
import { controllingSeat, readSetup1822, type Setup1822 } from '../sync/engine-1822';
import { readImportedPrefix } from '../sync/engine-1822-import';
import type { JsonObject } from '../sync/entry';
import { activeOf, claimNames, lobbySeats, refusalSentence, type ActiveEntity, type GameSummary, type LobbySeat, type OnlinePeer } from './game-view-helpers';
import { fallbackSentence, LOG_AT_ONCE, logWithUndos, Slices } from './game-view-log';
import { sharedStatsTracker, StatsGatherer, statsListener, type GameStats } from './game-stats';
import { historyBase, liveSteps, stepsAre, type HistoryBase, type HistoryStep } from './history-steps';
import { LogBuilder, type ActionInEffect, type LogLine } from './log-sentences';
import type { PlayTarget, ShownRefusal } from './play-target';
import { requesterSeat, seatName, undoRequests, type UndoRequestView } from './undo-request';
import { forkNotices, type ForkNotice } from './fork-notices';
import { seatDevices, type SeatDevices } from './seat-devices';
import { seedRestartView, type SeedRestartView } from './seed-restart';

export type { UndoAnswer, UndoRequestView } from './undo-request';

export type { ShownRefusal } from './play-target';

export { LOG_AT_ONCE } from './game-view-log';

export type { ActiveEntity, GameSummary, LobbyClaim, LobbySeat, OnlinePeer } from './game-view-helpers';
export { startChoice } from './game-view-helpers';

/** The engine actions in effect: play entries on the chain, less those an undo took back. */
export function actionsInEffect(view: SessionView<GameState>): ActionInEffect[] {
	return liveSteps(view);
}

export class GameView implements PlayTarget {
	readonly game: string;
	readonly #session: GameSession<GameState>;
	readonly #onSummary: ((s: GameSummary) => void) | null;
	#base: HistoryBase | null = null;
	#builder: LogBuilder | null = null;
	/** The game's figures, gathered on the log's replay (one replay for the log, the history and the stats). */
	#gatherer: StatsGatherer | null = null;
	/** Replays a long stretch of the log between frames. */
	readonly #slices = new Slices(() => this.#builder?.advance(1) ?? true, () => this.#writeLog());
	#statsCache: { readonly steps: readonly HistoryStep[]; readonly stats: GameStats } | null = null;
	#lastSummary = '';
	#unsubscribe: () => void;

	#view = $state.raw<SessionView<GameState> | null>(null);
	#log = $state.raw<readonly LogLine[]>([]);
	/** Steps of the log still to replay (a long game being opened). */
	#logPending = $state(0);
	/** Every step from the true start: the imported prefix, then the live actions in effect. */
	#steps = $state.raw<readonly HistoryStep[]>([]);
	#chat = $state.raw<readonly ChatMessage[]>([]);
	#refusal = $state.raw<ShownRefusal | null>(null);
	#busy = $state(false);
	#peers = $state.raw<readonly OnlinePeer[]>([]);
	#divergent = $state.raw<readonly Divergence[]>([]);

	readonly state: GameState | null = $derived(this.#view?.stage === 'playing' ? (this.#view.state ?? null) : null);
	readonly setup: Setup1822 | null = $derived(
		this.#view?.genesis?.kind.kind === 'genesis' ? readSetup1822(this.#view.genesis.kind.setup) : null
	);
	readonly roundName: string = $derived(this.state ? roundName(this.state) : '');
	readonly phaseName: string = $derived(this.state ? phaseName(this.state) : '');
	readonly active: readonly ActiveEntity[] = $derived(this.state ? activeOf(this.state) : []);
	/** The stock-round choices of the player to act (null outside a stock round or at the end). */
	readonly choices: StockChoices | null = $derived(this.state ? stockRoundChoices(this.state) : null);
	readonly finished: boolean = $derived(this.state?.end.finished ?? false);

	constructor(session: GameSession<GameState>, opts: { onSummary?: (s: GameSummary) => void } = {}) {
		this.game = session.game;
		this.#session = session;
		this.#onSummary = opts.onSummary ?? null;
		const off = session.subscribe((view) => this.#update(view));
		const offChat = session.onChat((messages) => (this.#chat = messages));
		this.#chat = session.messages();
		// The end screen and the spreadsheet ask the shared tracker: it answers from this replay.
		sharedStatsTracker(this).follow((key, actions, liveFrom) => this.#statsOf(key, actions, liveFrom));
		this.#unsubscribe = () => {
			off();
			offChat();
			this.#slices.cancel();
		};
	}

	#update(next: SessionView<GameState>): void {
		// The same position derived afresh (same head, same state hash) keeps its state object, so
		// what the page holds for a position (a route being built, a click's problem) stays.
		const prev = this.#view;
		const samePosition =
			prev?.stage === 'playing' && next.stage === 'playing' && prev.state && next.state && prev.head === next.head && prev.stateHash !== null && prev.stateHash === next.stateHash;
		const view = samePosition && prev.state !== next.state ? { ...next, state: prev.state } : next;
		this.#view = view;
		this.#divergent = this.#session.divergent();
		this.#peers = this.#onlinePeers(view, this.#session.peers());
		if (view.stage === 'playing' && view.state) {
			if (!this.#builder) {
				this.#base = historyBase(view);
				if (this.#base) {
					this.#gatherer = new StatsGatherer(this.#base.initial);
					this.#builder = new LogBuilder(this.#base.initial, this.#base.liveFrom, { also: statsListener(this.#gatherer) });
				}
			}
			const builder = this.#builder;
			if (builder && this.#base) {
				const steps = [...this.#base.imported, ...liveSteps(view)];
				builder.target(steps);
				this.#steps = steps;
				if (builder.pending <= LOG_AT_ONCE) builder.advance();
				this.#writeLog();
			}
		}
		if (this.#onSummary) {
			// Presence changes notify too; tell the listener only when what it shows has changed.
			const summary = this.summary();
			const key = JSON.stringify(summary);
			if (key !== this.#lastSummary) {
				this.#lastSummary = key;
				this.#onSummary(summary);
			}
		}
	}

	/**
	 * Publishes the log once every step is described; until then, replays the next slice later
	 * (the lines published so far stay: they are the older ones, and the undo sentences need all).
	 */
	#writeLog(): void {
		const builder = this.#builder;
		const view = this.#view;
		if (!builder || !view) return;
		this.#logPending = builder.pending;
		if (builder.pending > 0) return this.#slices.schedule();
		const sentence = (id: string, action: Action) => builder.sentenceOf(id) ?? fallbackSentence(builder.replay.state)(id, action);
		this.#log = logWithUndos(view, builder.lines, sentence);
	}

	/** The figures of `actions` from the log's replay, when they are this game's steps. */
	#statsOf(key: string, actions: readonly Action[], liveFrom: number): GameStats | null {
		const builder = this.#builder;
		const gatherer = this.#gatherer;
		const steps = this.#steps;
		if (!builder || !gatherer || key !== this.game || liveFrom !== this.importedCount || !stepsAre(steps, actions)) return null;
		if (this.#statsCache?.steps === steps) return this.#statsCache.stats;
		// Wanted now: the steps not replayed yet are replayed at once (the log is published by its slice).
		builder.advance();
		const stats = gatherer.stats(() => builder.replay.stateAt(gatherer.applied));
		this.#statsCache = { steps, stats };
		return stats;
	}

	#onlinePeers(view: SessionView<GameState>, peers: readonly Peer[]): OnlinePeer[] {
		const self = this.#session.selfId;
		const flagged = this.#divergent.map((d) => d.clientId);
		return peers.map((p) => {
			const names = p.seats.map((seat) => view.seats?.[seat]?.name ?? claimNames(view, seat)[0] ?? `Seat ${seat + 1}`);
			const label = names.length > 0 ? names.join(', ') : p.name || 'Spectator';
			return { clientId: p.clientId, label, you: p.clientId === self, spectator: p.seats.length === 0, divergent: flagged.includes(p.clientId) };
		});
	}

	get view(): SessionView<GameState> | null {
		return this.#view;
	}
	/** Everyone in the room right now, this device included. */
	get peers(): readonly OnlinePeer[] {
		return this.#peers;
	}
	/** Peers whose replay disagrees with the others at the same head. */
	get divergent(): readonly Divergence[] {
		return this.#divergent;
	}
	/** Seats this device holds once the game has started (empty for a spectator). */
	get mine(): readonly number[] {
		return this.#view?.mine ?? [];
	}
	/** Started, and this device holds no seat: it sees everything and acts for nobody. */
	get spectator(): boolean {
		const v = this.#view;
		return !!v && v.seats !== null && v.mine.length === 0;
	}
	get creator(): boolean {
		return this.#view?.creator ?? false;
	}
	/** The seats as the lobby shows them, before the start entry fixes them. */
	get lobby(): readonly LobbySeat[] {
		const v = this.#view;
		if (!v || v.genesis?.kind.kind !== 'genesis') return [];
		return lobbySeats(v, v.genesis.kind.seats, v.ownClaims);
	}
	/** Seats this device claimed that the start gave to another claim: it watches them. */
	get unseated(): readonly number[] {
		const v = this.#view;
		if (!v?.seats) return [];
		return v.claimed.filter((seat) => !v.mine.includes(seat));
	}
	/** Every seat has a claim: the creator may start. */
	get everySeatClaimed(): boolean {
		const seats = this.lobby;
		return seats.length > 0 && seats.every((s) => s.names.length > 0);
	}
	/**
	 * The last action in effect, if one of this device's seats made it: that seat may take it back
	 * at once (sync/play-step.ts, undo of one's own action).
	 */
	get undoableSeat(): number | null {
		const v = this.#view;
		if (!v || v.stage !== 'playing' || v.pendingUndo) return null;
		const top = actionsInEffect(v).at(-1);
		const entry = top ? v.chain.find((e) => e.id === top.id) : undefined;
		const seat = entry?.body.seat ?? null;
		return seat !== null && v.mine.includes(seat) ? seat : null;
	}
	get stage(): SessionView<GameState>['stage'] | 'loading' {
		return this.#view?.stage ?? 'loading';
	}
	/**
	 * Live actions in effect (the imported prefix not counted): with `game`, names the live
	 * position for caches. History positions count `steps` instead.
	 */
	get actionCount(): number {
		const v = this.#view;
		return v && v.stage === 'playing' ? actionsInEffect(v).length : 0;
	}
	/**
	 * The true start of the game: before the imported prefix of a game brought from 18xx.games
	 * (whose steps replay in import mode and switch to live play where they end: history-steps.ts).
	 */
	get initialState(): GameState | null {
		return this.#view?.stage === 'playing' ? (this.#base?.initial ?? null) : null;
	}
	/**
	 * The engine actions from the true start, oldest first: an imported prefix (each of its
	 * automatic actions a separate entry), then the live actions in effect.
	 */
	get actions(): readonly Action[] {
		return this.#steps.map((s) => s.action);
	}
	/** The steps of `actions` with where each came from. */
	get steps(): readonly HistoryStep[] {
		return this.#steps;
	}
	/** How many of `steps` are the imported prefix. */
	get importedCount(): number {
		return this.#base?.liveFrom ?? 0;
	}
	/** The position after the first `n` steps (the live state when n is the number of steps). */
	stateAt(n: number): GameState | null {
		return this.#builder?.replay.stateAt(n) ?? null;
	}
	/** Chat messages, oldest first (signed by seats: spectators read them). */
	get chat(): readonly ChatMessage[] {
		return this.#chat;
	}
	/** Sends a chat message as `seat`, which this device must hold. */
	async say(text: string, seat: number): Promise<boolean> {
		const t = text.trim();
		if (t === '') return false;
		return this.#run('chat', () => this.#session.say(t, seat));
	}
	get log(): readonly LogLine[] {
		return this.#log;
	}
	/** Steps of a long game's log still being written (0 once the log is complete). */
	get logPending(): number {
		return this.#logPending;
	}
	/** Resolves once the log describes every step in effect (at once when it does). */
	async logReady(): Promise<void> {
		while (this.#builder && this.#builder.pending > 0) await Slices.pause();
		if (this.#logPending > 0) this.#writeLog();
	}
	get refusal(): ShownRefusal | null {
		return this.#refusal;
	}
	get busy(): boolean {
		return this.#busy;
	}
	/** Refusals of entries this device wrote, as every peer computes them (lost races, late undos). */
	get logRefusals(): readonly ShownRefusal[] {
		// A declined request is told by the undo banner (`undoRequests`), with who declined.
		return (this.#view?.myRefusals ?? [])
			.filter((r) => r.code !== 'undo_declined')
			.map((r) => ({ control: 'log', code: r.code, message: refusalSentence(r) }));
	}
	/** Seats this device holds that must play now (answering an undo request is `toAnswer`). */
	get toAct(): readonly number[] {
		const v = this.#view;
		return v ? v.mine.filter((s) => v.expected.includes(s)) : [];
	}
	/** Seats this device holds whose answer the open undo request still waits for. */
	get toAnswer(): readonly number[] {
		const v = this.#view;
		const waiting = v?.pendingUndo?.waiting ?? [];
		return v ? v.mine.filter((s) => waiting.includes(s)) : [];
	}
	/** Every undo that needed another seat's consent, oldest first. */
	get undoRequests(): readonly UndoRequestView[] {
		const v = this.#view;
		return v && v.stage === 'playing' ? undoRequests(v, (id) => this.#builder?.sentenceOf(id)) : [];
	}
	/** The open undo request: while it is open the log accepts nothing but answers to it. */
	get pendingUndo(): UndoRequestView | null {
		return this.undoRequests.find((u) => u.status === 'pending') ?? null;
	}
	/** This device wrote the open request (it may withdraw it). */
	get requestedHere(): boolean {
		const p = this.#view?.pendingUndo;
		return !!p && this.mine.includes(p.seat);
	}
	/**
	 * The last action in effect when another seat made it: taking it back asks that seat. Null
	 * when it is this device's own (plain undo), when nothing is in effect, or for a spectator.
	 */
	get lastActionOfOther(): { readonly id: string; readonly seat: number; readonly name: string } | null {
		const v = this.#view;
		if (!v || v.stage !== 'playing' || v.pendingUndo || v.mine.length === 0) return null;
		const top = actionsInEffect(v).at(-1);
		const seat = top ? (v.chain.find((e) => e.id === top.id)?.body.seat ?? null) : null;
		if (!top || seat === null || v.mine.includes(seat)) return null;
		return { id: top.id, seat, name: seatName(v, seat) };
	}
	get hotseat(): boolean {
		const v = this.#view;
		return !!v?.seats && v.seats.length > 0 && v.mine.length === v.seats.length;
	}

	summary(): GameSummary {
		const v = this.#view;
		const state = this.state;
		return {
			title: this.setup?.title ?? '',
			options: this.setup?.options ?? [],
			// In the lobby, the first claim of each seat (the one the start takes by default).
			players: v?.seats?.map((s) => s.name) ?? this.lobby.flatMap((s) => s.names.slice(0, 1)),
			round: state ? (state.end.finished ? 'Game over' : roundName(state)) : '',
			turn: this.active.map((a) => a.name).join(', '),
			hotseat: this.hotseat
		};
	}

	clearRefusal(): void {
		this.#refusal = null;
	}

	/**
	 * Signs and appends an engine action as the seat the engine expects. A refusal (by the log or
	 * the engine) is shown beside `control` and nothing is written.
	 */
	async act(action: JsonObject, control = 'action'): Promise<boolean> {
		const state = this.state;
		const seat = state ? controllingSeat(state, action.entity) : null;
		// A program (auto-pass, automatic buying) may be set by its player out of turn; the log
		// accepts it so (sync/engine-1822.ts: program_* actions out of turn).
		const program = typeof action.type === 'string' && action.type.startsWith('program_');
		if (seat === null || !(program ? this.mine : this.toAct).includes(seat)) {
			this.#refusal = { control, code: 'not_your_turn', message: 'It is not the turn of a seat held on this device.' };
			return false;
		}
		this.#busy = true;
		try {
			const r = await this.#session.append(action, seat);
			if (!r.ok) {
				this.#refusal = { control, code: r.code, message: r.message };
				return false;
			}
			this.#refusal = null;
			return true;
		} finally {
			this.#busy = false;
		}
	}

	/** Claims a free seat for this device under `name` (a fresh key, kept in this browser). */
	async claim(seat: number, name: string): Promise<boolean> {
		return this.#run('claim', () => this.#session.claim(seat, name.trim() || `Player ${seat + 1}`));
	}

	/**
	 * Creator only: fixes the claims and begins the seed reveal. `claimIds` (one per seat) is the
	 * creator's choice among rival claims; without it a seat with rivals is refused with their names.
	 */
	async start(claimIds?: readonly string[]): Promise<boolean> {
		return this.#run('start', () => this.#session.start(claimIds));
	}

	/** Takes back this device's last action (no consent needed: it is its own). */
	async undo(): Promise<boolean> {
		const seat = this.undoableSeat;
		if (seat === null) {
			this.#refusal = { control: 'undo', code: 'nothing_to_undo', message: 'The last action is not one of yours.' };
			return false;
		}
		return this.#run('undo', () => this.#session.undo(seat));
	}

	/**
	 * Asks to take back actions another seat made: the last action in effect, or everything after
	 * `toActionId` (18xx.games' convention: the action to return to). Each seat whose action it
	 * takes back must consent (sync/play-step.ts); an undo of this device's own actions only
	 * applies at once.
	 */
	async requestUndo(toActionId?: string): Promise<boolean> {
		const v = this.#view;
		if (!v || v.stage !== 'playing') return this.#refuse('undo', 'not_playing', 'The game has not begun.');
		if (v.pendingUndo) return this.#refuse('undo', 'undo_pending', 'Another request to take back is waiting for an answer.');
		const inEffect = actionsInEffect(v).map((a) => a.id);
		const from = toActionId === undefined ? inEffect.length - 1 : inEffect.indexOf(toActionId) + 1;
		if (toActionId !== undefined && from === 0) return this.#refuse('undo', 'undo_target_unknown', 'That action is not in effect.');
		const takesBack = inEffect.slice(Math.max(0, from)).reverse();
		if (takesBack.length === 0) return this.#refuse('undo', 'nothing_to_undo', 'There is nothing to take back.');
		const seat = requesterSeat(v, takesBack);
		if (seat === null) return this.#refuse('undo', 'not_your_seat', 'A spectator cannot take back actions.');
		return this.#run('undo', () => this.#session.undo(seat, toActionId));
	}

	/** Accepts or declines the open request for every seat on this device it waits for. */
	async answerUndo(accept: boolean): Promise<boolean> {
		const pending = this.#view?.pendingUndo;
		const seats = this.toAnswer;
		if (!pending || seats.length === 0) return this.#refuse('answer', 'consent_unexpected', 'No request is waiting for your answer.');
		// One decline closes the request; acceptances are needed from each waiting seat.
		for (const seat of accept ? seats : seats.slice(0, 1)) {
			if (!(await this.#run('answer', () => this.#session.consent(pending.request, accept, seat)))) return false;
		}
		return true;
	}

	/** The requester takes the open request back (its own decline). */
	async withdrawUndo(): Promise<boolean> {
		const pending = this.#view?.pendingUndo;
		if (!pending || !this.mine.includes(pending.seat)) {
			return this.#refuse('answer', 'consent_unexpected', 'There is no request of yours to withdraw.');
		}
		return this.#run('answer', () => this.#session.consent(pending.request, false, pending.seat));
	}

	#refuse(control: string, code: string, message: string): false {
		this.#refusal = { control, code, message };
		return false;
	}

	async #run(control: string, write: () => Promise<{ ok: true } | { ok: false; code: string; message: string }>): Promise<boolean> {
		this.#busy = true;
		try {
			const r = await write();
			if (!r.ok) {
				this.#refusal = { control, code: r.code, message: r.message };
				return false;
			}
			this.#refusal = null;
			return true;
		} finally {
			this.#busy = false;
		}
	}

	/**
	 * A game imported from 18xx.games (sync/engine-1822-import.ts): who imported it, how many of the
	 * site's actions it continues from and the site's players; shown in the lobby before claiming.
	 */
	get imported(): { readonly importer: string; readonly actions: number; readonly players: readonly string[] } | null {
		const g = this.#view?.genesis?.kind;
		const prefix = g?.kind === 'genesis' ? readImportedPrefix(g.setup) : null;
		return prefix ? { importer: prefix.importer ?? '', actions: prefix.actions.length, players: prefix.players.map((p) => p.name) } : null;
	}

	/** While the seed is formed: the names of the seats whose part is not revealed yet (sync/seed.ts). */
	get unrevealed(): readonly string[] {
		const v = this.#view;
		if (!v || v.stage !== 'revealing' || !v.seats) return [];
		return v.seats.filter((s) => !v.revealed.includes(s.seat)).map((s) => s.name);
	}

	/** The seed held up or restarted, in words (sync/restart.ts, seed-restart.ts); null unless the seed is being formed. */
	get seedRestart(): SeedRestartView | null {
		return seedRestartView(this.#view);
	}

	/** Asks for a restart of the held-up seed with fresh nonces, for this device's first seat. */
	async restartSeed(): Promise<boolean> {
		const seat = this.seedRestart?.asker ?? null;
		if (seat === null) return this.#refuse('restart', 'not_your_seat', 'Only a seat whose part of the seed is in can ask for a restart.');
		return this.#run('restart', () => this.#session.restartSeed(seat));
	}

	/** Forks every player is shown (fork-notices.ts). */
	get forks(): readonly ForkNotice[] {
		return forkNotices(this.#view, (id) => this.#session.entry(id), this.state);
	}

	/** The devices holding each seat of this device (sync/devices.ts). */
	get devices(): readonly SeatDevices[] {
		return seatDevices(this.#view, this.#session.ownKeys);
	}

	/**
	 * Offers a seat to another device: the returned text goes into the game link's fragment as
	 * `&device=…` (sync/device-offer.ts). Null when refused (the reason is shown beside `devices`).
	 */
	async offerDevice(seat: number, name: string): Promise<string | null> {
		this.#busy = true;
		try {
			const r = await this.#session.offerDevice(seat, name.trim() || 'Another device');
			if (!r.ok || !r.offer) {
				this.#refusal = { control: 'devices', code: r.ok ? 'no_offer' : r.code, message: r.ok ? 'No offer was made.' : r.message };
				return null;
			}
			this.#refusal = null;
			return r.offer;
		} finally {
			this.#busy = false;
		}
	}

	async removeDevice(seat: number, device: string): Promise<boolean> {
		return this.#run('devices', () => this.#session.removeDevice(seat, device));
	}

	/** On the new device: joins the seat an offer link names, once the offer is part of the game. */
	async acceptDeviceOffer(text: string): Promise<boolean> {
		return this.#run('device-offer', () => this.#session.acceptDeviceOffer(text));
	}

	/** Where this device's accepted offer stands: waiting, ready, joined or used (null: none). */
	get deviceOfferStatus(): 'waiting' | 'ready' | 'joined' | 'used' | null {
		// Read with the view, so that it is recomputed whenever the view changes.
		return this.#view ? this.#session.deviceOfferStatus : null;
	}

	close(): void {
		this.#unsubscribe();
	}
}
