/**
 * One open game as the page sees it: the session's ordered log replayed into an engine snapshot,
 * with the questions the page asks of it (round, phase, whose turn, the stock-round choices, the
 * log as sentences) and `act`, which signs and appends through the session.
 *
 * A hotseat device holds every seat's key, so `act` plays as whichever of this device's seats the
 * engine expects now; on a shared table it simply has no seat to act with until its turn.
 */
import {
	activeEntities,
	phaseName,
	roundName,
	stockRoundChoices,
	type Action,
	type GameState,
	type StockChoices
} from '../engine';
import type { Divergence, GameSession, Peer, Refusal, SessionView } from '../sync';
import {
	controllingSeat,
	engine1822,
	playerIdOfSeat,
	readSetup1822,
	seatOfPlayerId,
	type Setup1822
} from '../sync/engine-1822';
import type { JsonObject } from '../sync/entry';
import { LogBuilder, type ActionInEffect, type LogLine } from './log-sentences';
import type { PlayTarget, ShownRefusal } from './play-target';
import { playerName } from './stock-view';
import { requesterSeat, seatName, undoRequests, type UndoRequestView } from './undo-request';

export type { UndoAnswer, UndoRequestView } from './undo-request';

export type { ShownRefusal } from './play-target';

export interface GameSummary {
	readonly title: string;
	readonly options: readonly string[];
	readonly players: readonly string[];
	readonly round: string;
	readonly turn: string;
	readonly hotseat: boolean;
}

export interface ActiveEntity {
	readonly id: number | string;
	readonly name: string;
	readonly seat: number | null;
	/** True for a player, false for a corporation acting through its president. */
	readonly isPlayer: boolean;
}

/** One seat as the lobby shows it: who has claimed it, and whether this device holds it. */
export interface LobbySeat {
	readonly seat: number;
	/** Names of the claims on this seat, lowest claim id first (the one the start will take). */
	readonly names: readonly string[];
	readonly mine: boolean;
}

/** Someone online in the game's room, by the seats they hold. */
export interface OnlinePeer {
	readonly clientId: number;
	readonly label: string;
	readonly you: boolean;
	readonly spectator: boolean;
	readonly divergent: boolean;
}

/** The engine actions in effect: play entries on the chain, less those an undo took back. */
export function actionsInEffect(view: SessionView<GameState>): ActionInEffect[] {
	const undone: readonly string[] = view.undos.filter((u) => u.status === 'undone').flatMap((u) => u.takesBack);
	const out: ActionInEffect[] = [];
	for (const e of view.chain) {
		if (e.kind.kind === 'game' && !undone.includes(e.id)) out.push({ id: e.id, action: e.kind.action as unknown as Action });
	}
	return out;
}

export class GameView implements PlayTarget {
	readonly game: string;
	readonly #session: GameSession<GameState>;
	readonly #onSummary: ((s: GameSummary) => void) | null;
	#builder: LogBuilder | null = null;
	/** Sentences of every action seen this visit, so a request can say what it took back once it is gone. */
	readonly #sentences: Record<string, string> = {};
	#lastSummary = '';
	#unsubscribe: () => void;

	#view = $state.raw<SessionView<GameState> | null>(null);
	#log = $state.raw<readonly LogLine[]>([]);
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
		this.#unsubscribe = session.subscribe((view) => this.#update(view));
	}

	#update(view: SessionView<GameState>): void {
		this.#view = view;
		this.#divergent = this.#session.divergent();
		this.#peers = this.#onlinePeers(view, this.#session.peers());
		if (view.stage === 'playing' && view.state) {
			this.#builder ??= this.#makeBuilder(view);
			if (this.#builder) {
				this.#log = this.#builder.update(actionsInEffect(view));
				for (const line of this.#log) if (line.kind === 'action') this.#sentences[line.id] = line.text;
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

	#makeBuilder(view: SessionView<GameState>): LogBuilder | null {
		if (view.genesis?.kind.kind !== 'genesis' || !view.seats || view.seed === null) return null;
		const initial = engine1822.initialState({
			game: view.game,
			setup: view.genesis.kind.setup,
			seats: view.seats.map(({ seat, name }) => ({ seat, name })),
			seed: view.seed
		});
		return initial.ok ? new LogBuilder(initial.state) : null;
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
		const claimed = v.claimed;
		return Array.from({ length: v.genesis.kind.seats }, (_, seat) => ({
			seat,
			names: claimNames(v, seat),
			mine: claimed.includes(seat)
		}));
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
	/** Actions in effect (imported ones excluded): with `game`, names the position. */
	get actionCount(): number {
		const v = this.#view;
		return v && v.stage === 'playing' ? actionsInEffect(v).length : 0;
	}
	/**
	 * The position before the first action of `actions`. (For an imported game this is still the
	 * position after its imported prefix; the history work moves it to the true start.)
	 */
	get initialState(): GameState | null {
		const v = this.#view;
		if (!v || v.stage !== 'playing' || v.genesis?.kind.kind !== 'genesis' || !v.seats || v.seed === null) return null;
		const initial = engine1822.initialState({
			game: v.game,
			setup: v.genesis.kind.setup,
			seats: v.seats.map(({ seat, name }) => ({ seat, name })),
			seed: v.seed
		});
		return initial.ok ? initial.state : null;
	}
	/** The engine actions in effect, oldest first (an imported prefix is not yet included). */
	get actions(): readonly Action[] {
		const v = this.#view;
		return v && v.stage === 'playing' ? actionsInEffect(v).map((a) => a.action) : [];
	}
	get log(): readonly LogLine[] {
		return this.#log;
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
		return v && v.stage === 'playing' ? undoRequests(v, (id) => this.#sentences[id]) : [];
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
		if (seat === null || !this.toAct.includes(seat)) {
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

	/** Creator only: fixes the claims (the lowest-id claim of each seat) and begins the seed reveal. */
	async start(): Promise<boolean> {
		return this.#run('start', () => this.#session.start());
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

	close(): void {
		this.#unsubscribe();
	}
}

/**
 * A refusal as its author reads it. Most reasons are the log's own words; losing a race is the
 * common case after playing offline, so it gets a plain sentence (rule: lowest valid id wins).
 */
function refusalSentence(r: Refusal): string {
	if (r.code === 'superseded') {
		return 'Another move made at the same moment reached the game first, so this one was dropped (every browser picks the same one).';
	}
	if (r.code === 'not_seated') return 'Your claim on this seat was not the one the game started with.';
	if (r.code === 'undo_pending') return 'This move was made while a request to take back was open, so it was not played.';
	return r.message;
}

function claimNames(view: SessionView<GameState>, seat: number): string[] {
	return view.claims
		.filter((c) => c.body.seat === seat)
		.sort((a, b) => (a.id < b.id ? -1 : 1))
		.map((c) => (c.kind.kind === 'claim' ? c.kind.name : ''));
}

function activeOf(state: GameState): ActiveEntity[] {
	return activeEntities(state).map((id) =>
		typeof id === 'number'
			? { id, name: playerName(state, id), seat: seatOfPlayerId(id), isPlayer: true }
			: { id, name: corporationLabel(state, id), seat: controllingSeat(state, id), isPlayer: false }
	);
}

/** "Minor 16 (Ada)", "LNWR (Brunel)": a corporation with the player who acts for it. */
function corporationLabel(state: GameState, id: string): string {
	const corp = state.corporations[id];
	const label = corp?.type === 'minor' ? `Minor ${id}` : id;
	const seat = controllingSeat(state, id);
	return seat === null ? label : `${label} (${playerName(state, playerIdOfSeat(seat))})`;
}
