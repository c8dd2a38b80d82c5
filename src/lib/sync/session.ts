/**
 * A game as the app sees it: the log document, this device's seats, and the ordered view, kept
 * up to date on every local or remote change. Transport-agnostic (tests drive it over in-memory
 * documents); index.ts wires it to IndexedDB and WebRTC in the browser.
 */
import { consentAction, makeClaim, makePlay, makeRecommit, makeRestart, makeReveal, makeRoundReveal, makeStart, undoAction, type SignedEntry } from './author';
import { makeNonce } from './seed';
import { makeChat, readChat, type ChatMessage } from './chat';
import type { EngineAdapter } from './engine-adapter';
import type { Entry, JsonObject, WireEntry } from './entry';
import type { KeyStore, SeatSecret } from './key-store';
import type { LogDoc } from './log-doc';
import { LogOrderer, type OrderResult } from './order';
import { divergentPeers, PresenceVerifier, seatsToAct, signPresence, type Divergence, type Peer, type Presence } from './presence';
import { keyId, type PublicKeyInfo } from './identity';
import { seatKeys } from './devices';
import { acceptOffer, makeOffer, offerFromText, offerStatus, type DeviceOffer, type OfferStatus } from './device-offer';
import type { Refusal } from './refusal';
import { keyFingerprint } from './seats';
import { defaultResumeStore, RESUME_EVERY, RESUME_KEEP, type ResumeStore } from './resume';

/** The part of a y-protocols Awareness the session uses. */
export interface AwarenessLike {
	readonly clientID: number;
	setLocalStateField(field: string, value: unknown): void;
	getStates(): Map<number, unknown>;
	on(event: 'change', listener: () => void): void;
	off(event: 'change', listener: () => void): void;
}

export interface SessionView<S> extends OrderResult<S> {
	/** Seats this device holds in the started game. */
	readonly mine: readonly number[];
	/** Seats this device holds that must act now (turn or undo answer). */
	readonly toAct: readonly number[];
	/** Refusals of entries written by this device's seats: shown to their author with the reason. */
	readonly myRefusals: readonly Refusal[];
	/** Seats this device has claimed (before the start: candidates; after: those it still holds a key for). */
	readonly claimed: readonly number[];
	/** True when this device holds the creator's key, the only one that can write the start entry. */
	readonly creator: boolean;
	/** Ids of the claims written from this device. */
	readonly ownClaims: readonly string[];
}

export type AppendResult = { readonly ok: true; readonly id: string } | { readonly ok: false; readonly code: string; readonly message: string };

export interface SessionOptions<S> {
	readonly game: string;
	readonly adapter: EngineAdapter<S>;
	readonly keys: KeyStore;
	readonly log: LogDoc;
	readonly appVersion: string;
	readonly name?: string;
	readonly awareness?: AwarenessLike;
	readonly now?: () => number;
	/**
	 * Where resume points of this game are kept (resume.ts): used to open it, written as it is
	 * played. Left out: the default store for the adapter's rules version, if the app set one;
	 * null: none.
	 */
	readonly resume?: ResumeStore<S> | null;
	/** A resume point every this many entries of play (RESUME_EVERY). */
	readonly resumeEvery?: number;
	/**
	 * Resume points are written this long after a view was shown, off the path of play; null: only
	 * when `saveResumePoints` is called.
	 */
	readonly resumeDelayMs?: number | null;
}

type Listener<S> = (view: SessionView<S>) => void;

/** Resume points are written once play has been quiet this long after a view was shown. */
const RESUME_DELAY_MS = 1500;
/** Retries after a failed refresh: 100 ms, then doubling, five times at most. */
const RETRY_BASE_MS = 100;
const RETRY_LIMIT = 5;

export class GameSession<S> {
	readonly game: string;
	readonly #opts: SessionOptions<S>;
	readonly #orderer: LogOrderer<S>;
	readonly #listeners = new Set<Listener<S>>();
	readonly #chatListeners = new Set<(messages: ChatMessage[]) => void>();
	readonly #revealed = new Set<string>();
	#secrets: SeatSecret[] = [];
	#creator = false;
	#view: SessionView<S> | null = null;
	#chat: ChatMessage[] = [];
	#running: Promise<void> | null = null;
	#dirty = false;
	#unsubscribe: (() => void)[] = [];
	readonly #resume: ResumeStore<S> | null;
	/** Heads of the resume points in the store. */
	readonly #kept = new Set<string>();
	#resumeTimer: ReturnType<typeof setTimeout> | null = null;
	#saving: Promise<number> | null = null;
	#failures = 0;
	#lastError: string | null = null;
	#retryTimer: ReturnType<typeof setTimeout> | null = null;
	#closed = false;
	#chatRun: Promise<void> = Promise.resolve();

	private constructor(opts: SessionOptions<S>) {
		this.#opts = opts;
		this.game = opts.game;
		this.#orderer = new LogOrderer(opts.adapter, opts.game);
		this.#presence = new PresenceVerifier(opts.game, () => this.#notify());
		this.#resume = opts.resume === undefined ? defaultResumeStore<S>(opts.adapter.rules) : opts.resume;
	}

	static async open<S>(opts: SessionOptions<S>): Promise<GameSession<S>> {
		const session = new GameSession(opts);
		session.#secrets = await opts.keys.list(opts.game);
		session.#creator = (await opts.keys.getCreator(opts.game)) !== undefined;
		if (session.#resume) {
			const points = await session.#resume.load(opts.game);
			for (const p of points) session.#kept.add(p.head);
			session.#orderer.offerResumePoints(points);
		}
		session.#unsubscribe.push(opts.log.onLog(() => session.refresh().catch(() => {})));
		session.#unsubscribe.push(opts.log.onChat(() => void session.#queueChat()));
		if (opts.awareness) {
			const onChange = () => {
				const awareness = session.#opts.awareness;
				if (awareness) void session.#presence.settle(awareness.getStates(), (seat) => session.#keysOf(seat)).then(() => session.#notify());
			};
			opts.awareness.on('change', onChange);
			session.#unsubscribe.push(() => opts.awareness?.off('change', onChange));
		}
		try {
			await session.refresh();
		} catch {
			// One transient failure does not keep a game from opening; a second is reported.
			await session.refresh();
		}
		return session;
	}

	get view(): SessionView<S> | null {
		return this.#view;
	}

	subscribe(listener: Listener<S>): () => void {
		this.#listeners.add(listener);
		if (this.#view) listener(this.#view);
		return () => this.#listeners.delete(listener);
	}

	/**
	 * Recomputes the view; calls made while one runs are coalesced into one more run. A failure
	 * (storage or transport, never an entry: ordering refuses bad entries itself) rejects this
	 * call only: the next call runs afresh, and the session retries by itself a few times.
	 */
	refresh(): Promise<void> {
		if (this.#running) {
			this.#dirty = true;
			return this.#running;
		}
		const run = (async () => {
			try {
				do {
					this.#dirty = false;
					await this.#recompute();
				} while (this.#dirty);
				// Chat that arrived meanwhile is read too (signatures are checked asynchronously).
				await this.#chatRun;
				this.#failures = 0;
				this.#lastError = null;
			} catch (error) {
				this.#lastError = error instanceof Error ? error.message : String(error);
				this.#scheduleRetry();
				throw error;
			} finally {
				this.#running = null;
			}
		})();
		this.#running = run;
		return run;
	}

	/** The last refresh's failure, until one succeeds. */
	get lastError(): string | null {
		return this.#lastError;
	}

	#scheduleRetry(): void {
		if (this.#retryTimer !== null || this.#closed || this.#failures >= RETRY_LIMIT) return;
		const delay = RETRY_BASE_MS * 2 ** this.#failures++;
		this.#retryTimer = setTimeout(() => {
			this.#retryTimer = null;
			this.refresh().catch(() => {});
		}, delay);
	}

	async #recompute(): Promise<void> {
		const result = await this.#orderer.order(this.#opts.log.entries());
		// A seat is this device's while its key holds it (devices.ts): the claim's key, or one added later.
		const holds = (s: SeatSecret) => !result.devices || result.devices.held[s.seat]?.some((d) => d.id === keyId(s.identity.publicKey)) === true;
		const mine = result.seats
			? [...new Set(this.#secrets.filter((s) => result.seats?.[s.seat]?.claim === s.claimId && holds(s)).map((s) => s.seat))]
			: [];
		// A refused claim is shown to the device that wrote it (a rival's claim on our seat is not ours);
		// any other refusal on one of our seats was written with our key.
		const claimIds = new Set(this.#secrets.map((s) => s.claimId));
		const claimRefusal = (code: string) => code === 'not_seated' || code === 'bad_claim';
		const myRefusals = result.refused.filter((r) =>
			r.id !== null && claimIds.has(r.id) ? true : r.seat !== null && mine.includes(r.seat) && !claimRefusal(r.code)
		);
		const seatsFixed = result.seats !== null && !this.#view?.seats;
		const claimed = [...new Set(this.#secrets.map((s) => s.seat))].sort((a, b) => a - b);
		this.#view = { ...result, mine, toAct: seatsToAct(result, mine), myRefusals, claimed, creator: this.#creator, ownClaims: this.#secrets.map((s) => s.claimId) };
		if (seatsFixed) await this.#queueChat();
		// One seed entry per pass: the next pass sees what this one wrote.
		if (!(await this.#autoReveal(result))) await this.#autoRestart(this.#view);
		await this.#keepDeviceEntries();
		await this.#publishPresence();
		if (this.#opts.awareness) await this.#presence.settle(this.#opts.awareness.getStates(), (seat) => this.#keysOf(seat));
		this.#notify();
		await this.#discardRejected();
		this.#scheduleResumePoints();
	}

	/** An entry of the log by id, as the orderer read it (the losing side of a fork is not on the chain). */
	entry(id: string): Entry | undefined {
		return this.#orderer.entry(id);
	}

	/** The walk of play began at this resume point (resume.ts), or null: at the start. */
	get resumedAt(): { readonly head: string; readonly position: number } | null {
		return this.#orderer.resumedAt;
	}

	async #discardRejected(): Promise<void> {
		for (const r of this.#orderer.takeRejected()) {
			this.#kept.delete(r.head);
			await this.#resume?.discard(this.game, r.head);
		}
	}

	#scheduleResumePoints(): void {
		const delay = this.#opts.resumeDelayMs === undefined ? RESUME_DELAY_MS : this.#opts.resumeDelayMs;
		if (!this.#resume || delay === null || this.#view?.stage !== 'playing') return;
		if (this.#resumeTimer !== null) clearTimeout(this.#resumeTimer);
		this.#resumeTimer = setTimeout(() => {
			this.#resumeTimer = null;
			// A resume point is only a cache: failing to write one costs speed at the next opening, nothing else.
			this.saveResumePoints().catch(() => {});
		}, delay);
	}

	/**
	 * Writes the resume points the current chain calls for (every RESUME_EVERY entries of play,
	 * the newest RESUME_KEEP) that the store lacks, and deletes the others; returns how many were
	 * written. Runs after the view is shown (or when called), never while a move is being chosen.
	 */
	saveResumePoints(): Promise<number> {
		const previous = (this.#saving ?? Promise.resolve(0)).catch(() => 0);
		this.#saving = previous.then(async () => {
			const store = this.#resume;
			if (!store) return 0;
			const { heads, points } = await this.#orderer.resumePoints(this.#opts.resumeEvery ?? RESUME_EVERY, RESUME_KEEP, this.#kept);
			for (const p of points) {
				await store.save(p);
				this.#kept.add(p.head);
			}
			// Only once a walk of play has told which heads the chain calls for.
			const wanted = new Set(heads);
			for (const head of heads.length > 0 ? [...this.#kept] : []) {
				if (wanted.has(head)) continue;
				this.#kept.delete(head);
				await store.discard(this.game, head);
			}
			return points.length;
		});
		return this.#saving;
	}

	/** Once the start entry fixes our claims, reveal our seed contributions (see seed.ts). */
	async #autoReveal(view: OrderResult<S>): Promise<boolean> {
		// Once a restart is in force, a reveal of the first round is void (restart.ts).
		if (view.stage !== 'revealing' || !view.seats || view.chain.length < 2 || view.seedRound?.round !== 1) return false;
		const start = view.chain[1].id;
		let wrote = false;
		for (const s of this.#secrets) {
			// A device added during play has no nonce of its own: the seat's first device revealed.
			if (s.nonce === '') continue;
			if (view.seats[s.seat]?.claim !== s.claimId || view.revealed.includes(s.seat) || this.#revealed.has(s.claimId)) continue;
			this.#revealed.add(s.claimId);
			this.#opts.log.append((await makeReveal(view.genesis!.body.rules, start, s)).wire);
			wrote = true;
		}
		return wrote;
	}

	/**
	 * A restart of the seed (restart.ts) awaiting one of this device's seats: its fresh commitment
	 * (a new nonce, kept in the key store first) or, once every seat has committed, its reveal. A
	 * commitment is signed only while this device sees the round held up, and only for a restart
	 * that names as first every seat whose reveal this device lacks: else the last to reveal in the
	 * new round could be a seat that already knew the old seed.
	 */
	async #autoRestart(view: SessionView<S>): Promise<void> {
		const round = view.seedRound;
		const r = round?.restart;
		const awaiting = r?.awaiting;
		if (view.stage !== 'revealing' || !round || !r || !awaiting || !view.seats || !view.mine.includes(awaiting.seat)) return;
		const secret = this.#secrets.find((s) => s.seat === awaiting.seat && view.seats?.[s.seat]?.claim === s.claimId);
		if (!secret) return;
		const once = `${r.proposal}/${awaiting.step}/${awaiting.seat}`;
		if (this.#seedWritten.has(once)) return;
		const rules = view.genesis!.body.rules;
		if (awaiting.step === 'commit') {
			const missing = view.seats.map((s) => s.seat).filter((seat) => !round.reveals.some((x) => x.seat === seat));
			if (missing.length === 0 || !missing.every((seat) => r.first.includes(seat))) return;
			let nonce = secret.restarts?.[r.proposal];
			if (nonce === undefined) {
				nonce = makeNonce();
				await this.#opts.keys.put({ ...secret, restarts: { ...secret.restarts, [r.proposal]: nonce } });
				this.#secrets = await this.#opts.keys.list(this.game);
			}
			this.#seedWritten.add(once);
			this.#opts.log.append((await makeRecommit(rules, r.head, nonce, secret)).wire);
		} else {
			const nonce = secret.restarts?.[r.proposal];
			if (nonce === undefined) return;
			this.#seedWritten.add(once);
			this.#opts.log.append((await makeRoundReveal(rules, r.head, nonce, secret)).wire);
		}
	}

	readonly #seedWritten = new Set<string>();

	/**
	 * Asks for a restart of the held-up seed round with fresh nonces, for one of this device's
	 * seats (restart.ts): it names the round's reveals held here; the seats without one then commit
	 * and reveal first, and every seat signs a fresh commitment before anyone reveals.
	 */
	async restartSeed(seat: number): Promise<AppendResult> {
		const view = this.#view;
		const round = view?.seedRound;
		const secret = this.#secrets.find((s) => s.seat === seat);
		if (!view || view.stage !== 'revealing' || !round || !view.seats) return { ok: false, code: 'not_revealing', message: 'the seed is not being formed now' };
		if (!secret || !view.mine.includes(seat)) return { ok: false, code: 'not_your_seat', message: 'this device does not hold that seat' };
		if (round.reveals.length === view.seats.length) return { ok: false, code: 'nothing_held_up', message: 'every seat has revealed its part of the seed' };
		if (round.restart && !round.restart.inForce) return { ok: false, code: 'restart_under_way', message: 'a restart of the seed is already under way' };
		return this.#write(await makeRestart(view.genesis!.body.rules, round.tip, round.reveals.map((x) => x.id), secret));
	}

	/** Signed by each seat it names (presence.ts): a claim nobody can make for another device. */
	async #publishPresence(): Promise<void> {
		const view = this.#view;
		const awareness = this.#opts.awareness;
		if (!awareness || !view) return;
		const presence: Presence = {
			// In the lobby, the seats this device has claimed, so the others see who is there.
			seats: view.seats ? view.mine : view.claimed,
			name: this.#opts.name ?? '',
			head: view.head,
			stateHash: view.stateHash,
			appVersion: this.#opts.appVersion,
			rules: this.#opts.adapter.rules
		};
		const key = JSON.stringify(presence);
		if (key === this.#published) return;
		this.#published = key;
		const signed = await signPresence(this.game, awareness.clientID, presence, this.#secrets);
		// A later view may have been published while this one was being signed.
		if (this.#published === key) awareness.setLocalStateField('presence', signed);
	}

	#published: string | null = null;
	readonly #presence: PresenceVerifier;

	/** The keys the log gives a seat: the seated claim's, or before the start every claim on it. */
	#keysOf(seat: number): PublicKeyInfo[] {
		const view = this.#view;
		if (!view) return [];
		if (view.devices) return [...seatKeys(view.devices, seat)];
		if (view.seats) return view.seats[seat] ? [view.seats[seat].key] : [];
		return view.claims.flatMap((c) => (c.body.seat === seat && c.kind.kind === 'claim' ? [c.kind.key] : []));
	}

	#notify(): void {
		if (this.#view) for (const l of this.#listeners) l(this.#view);
	}

	/** This device's awareness client id, to tell "you" apart in `peers()`; null without transport. */
	get selfId(): number | null {
		return this.#opts.awareness?.clientID ?? null;
	}

	/** Who is online; a seat counts only if its claim is signed by that seat's key (else: a spectator). */
	peers(): Peer[] {
		const awareness = this.#opts.awareness;
		return awareness ? this.#presence.peers(awareness.getStates(), (seat) => this.#keysOf(seat)) : [];
	}

	/** Seated peers whose state differs at the same head; spectators' and unsigned claims are compared with nobody. */
	divergent(): Divergence[] {
		return divergentPeers(this.peers().filter((p) => p.seats.length > 0));
	}

	#rules(): string | null {
		return this.#view?.genesis?.body.rules ?? null;
	}

	async #write(entry: SignedEntry): Promise<AppendResult> {
		this.#opts.log.append(entry.wire);
		await this.refresh();
		return { ok: true, id: entry.id };
	}

	/**
	 * Appends an engine action for one of this device's seats on the current head. The engine is
	 * asked first, so a refusal shows at once; the log still decides, since a concurrent entry
	 * from another peer may win the same head.
	 */
	async append(action: JsonObject, seat: number): Promise<AppendResult> {
		const view = this.#view;
		const secret = this.#secrets.find((s) => s.seat === seat);
		if (!view || view.stage !== 'playing' || view.state === null || !view.head) {
			return { ok: false, code: 'not_playing', message: 'the game has not begun' };
		}
		if (!secret || !view.mine.includes(seat)) return { ok: false, code: 'not_your_seat', message: 'this device does not hold that seat' };
		if (view.pendingUndo) return { ok: false, code: 'undo_pending', message: 'an undo request is waiting for an answer' };
		if (!view.expected.includes(seat) && !this.#opts.adapter.anyTime?.(action))
			return { ok: false, code: 'not_your_turn', message: `it is not seat ${seat + 1}'s turn` };
		const applied = this.#opts.adapter.apply(view.state, action, seat);
		if (!applied.ok) return { ok: false, code: applied.error.code, message: applied.error.message };
		return this.#write(await makePlay(view.genesis!.body.rules, view.head, action, secret));
	}

	async undo(seat: number, actionId?: string): Promise<AppendResult> {
		// Each request of a seat gets its own number, so that asking again after a decline is a new entry.
		const earlier = this.#view?.undos.filter((u) => u.seat === seat).length ?? 0;
		return this.#meta(seat, undoAction(actionId, Math.min(earlier, 999)));
	}

	async consent(request: string, accept: boolean, seat: number): Promise<AppendResult> {
		return this.#meta(seat, consentAction(request, accept));
	}

	async #meta(seat: number, action: JsonObject): Promise<AppendResult> {
		const view = this.#view;
		const secret = this.#secrets.find((s) => s.seat === seat);
		if (!view || view.stage !== 'playing' || !view.head) return { ok: false, code: 'not_playing', message: 'the game has not begun' };
		if (!secret || !view.mine.includes(seat)) return { ok: false, code: 'not_your_seat', message: 'this device does not hold that seat' };
		return this.#write(await makePlay(view.genesis!.body.rules, view.head, action, secret));
	}

	/** The creator's first write; the game id is this entry's id. */
	appendGenesis(wire: WireEntry): void {
		this.#opts.log.append(wire);
	}

	/** Claims a seat with a fresh key; the creator's start entry decides between rival claims. */
	async claim(seat: number, name: string): Promise<AppendResult> {
		const rules = this.#rules();
		if (!rules || this.#view?.stage !== 'claiming') return { ok: false, code: 'not_claiming', message: 'seats are no longer open' };
		const { entry, secret } = await makeClaim(this.game, rules, seat, name);
		await this.#opts.keys.put(secret);
		this.#secrets = await this.#opts.keys.list(this.game);
		return this.#write(entry);
	}

	/** Creator only: fixes one claim per seat (by default the lowest-id claim for each seat). */
	async start(claimIds?: readonly string[]): Promise<AppendResult> {
		const view = this.#view;
		const creator = await this.#opts.keys.getCreator(this.game);
		const rules = this.#rules();
		if (!view || view.stage !== 'claiming' || !rules || view.genesis?.kind.kind !== 'genesis') {
			return { ok: false, code: 'not_claiming', message: 'the game cannot be started now' };
		}
		if (!creator) return { ok: false, code: 'not_creator', message: 'only the creator can start the game' };
		const seats = view.genesis.kind.seats;
		let ids = claimIds;
		if (!ids) {
			// Never by id (issue 17e): anyone with the link can write a claim with a lower one. A seat
			// claimed from this device is seated with that claim; a seat with rival claims is left
			// to the creator to choose, by name and key fingerprint.
			const own = new Set(this.#secrets.map((x) => x.claimId));
			const chosen: string[] = [];
			for (let seat = 0; seat < seats; seat++) {
				const rivals = view.claims.filter((c) => c.body.seat === seat);
				const mine = rivals.filter((c) => own.has(c.id));
				const pick = mine.length === 1 ? mine : rivals;
				if (pick.length > 1) {
					const names = pick.map((c) => (c.kind.kind === 'claim' ? `${c.kind.name} (${keyFingerprint(c.kind.key)})` : c.id.slice(0, 8)));
					return { ok: false, code: 'seats_contested', message: `Seat ${seat + 1} has ${pick.length} claims: ${names.join(', ')}. Choose one.` };
				}
				chosen.push(pick[0]?.id);
			}
			ids = chosen;
		}
		if (ids.length !== seats || ids.some((id) => id === undefined)) {
			return { ok: false, code: 'seats_open', message: 'every seat needs a claim before the start' };
		}
		return this.#write(await makeStart(this.game, rules, ids, creator));
	}

	/**
	 * Offers a seat of this device to another device (devices.ts): writes `device_add` for a fresh
	 * offer key and returns the offer's text, which the new device opens (`acceptDeviceOffer`).
	 * If the entry loses its head to a move written at the same time, it is written again.
	 */
	async offerDevice(seat: number, name: string): Promise<AppendResult & { readonly offer?: string }> {
		const view = this.#view;
		const secret = this.#secrets.find((s) => s.seat === seat);
		if (!view || view.stage !== 'playing' || !view.head) return { ok: false, code: 'not_playing', message: 'a device can be added once play has begun' };
		if (!secret || !view.mine.includes(seat)) return { ok: false, code: 'not_your_seat', message: 'this device does not hold that seat' };
		if (view.pendingUndo) return { ok: false, code: 'undo_pending', message: 'an undo request is waiting for an answer' };
		const made = await makeOffer(view.genesis!.body.rules, view.head, secret, name);
		this.#offers.push({ seat, name: made.offer.name, key: made.offer.identity.publicKey, last: made.entry.id });
		const written = await this.#write(made.entry);
		return { ...written, offer: made.text };
	}

	/** Removes a device (by its key's `keyId`) from a seat of this device. */
	async removeDevice(seat: number, device: string): Promise<AppendResult> {
		const held = this.#view?.devices?.held[seat]?.find((d) => d.id === device);
		if (!held) return { ok: false, code: 'device_unknown', message: 'that device does not hold the seat' };
		return this.#meta(seat, { type: 'device_remove', key: { ...held.key } });
	}

	/**
	 * On the new device: takes an offer's text, keeps this device's own seat key for it and joins
	 * the seat as soon as the offer's `device_add` is part of the game (at once if it is).
	 */
	async acceptDeviceOffer(text: string): Promise<AppendResult> {
		const offer = await offerFromText(text);
		if (!offer) return { ok: false, code: 'bad_offer', message: 'the link does not carry a valid device offer' };
		// This device holds the seat already (its own offer opened here): nothing to join.
		if (this.#view?.mine.includes(offer.seat)) return { ok: false, code: 'already_yours', message: 'this device already plays for that seat' };
		this.#accepting = { offer, last: null, own: null };
		await this.refresh();
		const status = this.deviceOfferStatus;
		return status === 'used' ? { ok: false, code: 'offer_used', message: 'this offer was used already, or the seat removed it' } : { ok: true, id: '' };
	}

	/** The `keyId`s of this device's seat keys, to tell "this device" in a seat's list of devices. */
	get ownKeys(): readonly string[] {
		return this.#secrets.map((s) => keyId(s.identity.publicKey));
	}

	/** Where an offer this device accepted stands (null: none). */
	get deviceOfferStatus(): OfferStatus | null {
		const a = this.#accepting;
		return a ? offerStatus(this.#view, a.offer, a.own) : null;
	}

	readonly #offers: { seat: number; name: string; key: PublicKeyInfo; last: string }[] = [];
	#accepting: { offer: DeviceOffer; last: string | null; own: SeatSecret | null } | null = null;

	/** Writes again an offer or an acceptance whose entry lost its head (any-time entries yield to moves). */
	async #keepDeviceEntries(): Promise<void> {
		const view = this.#view;
		if (!view || view.stage !== 'playing' || !view.head || !view.devices || view.pendingUndo) return;
		const lost = new Set(view.refused.filter((r) => r.code === 'superseded' || r.code === 'play_went_on' || r.code === 'off_chain').map((r) => r.id));
		const rules = view.genesis!.body.rules;
		const known = (key: PublicKeyInfo) => {
			const id = keyId(key);
			return view.devices!.held.some((l) => l.some((d) => d.id === id)) || view.devices!.removed.some((d) => d.id === id);
		};
		for (const o of this.#offers) {
			if (known(o.key) || !lost.has(o.last) || !view.mine.includes(o.seat)) continue;
			const secret = this.#secrets.find((s) => s.seat === o.seat)!;
			const entry = await makePlay(rules, view.head, { type: 'device_add', key: { ...o.key }, name: o.name }, secret);
			o.last = entry.id;
			this.#opts.log.append(entry.wire);
		}
		const a = this.#accepting;
		if (!a || offerStatus(view, a.offer, a.own) !== 'ready') return;
		if (a.last !== null && !lost.has(a.last)) return;
		const claim = view.seats?.[a.offer.seat]?.claim;
		if (!claim) return;
		const label = view.devices.held[a.offer.seat]?.find((d) => d.id === keyId(a.offer.identity.publicKey))?.name ?? '';
		const written = await acceptOffer(rules, view.head, a.offer, this.game, claim, label, a.own?.identity);
		if (!a.own) {
			a.own = written.secret;
			await this.#opts.keys.put(written.secret);
			this.#secrets = await this.#opts.keys.list(this.game);
		}
		a.last = written.entry.id;
		this.#opts.log.append(written.entry.wire);
	}

	messages(): ChatMessage[] {
		return this.#chat;
	}

	onChat(listener: (messages: ChatMessage[]) => void): () => void {
		this.#chatListeners.add(listener);
		return () => this.#chatListeners.delete(listener);
	}

	async say(text: string, seat: number): Promise<AppendResult> {
		const secret = this.#secrets.find((s) => s.seat === seat);
		if (!secret || !this.#view?.mine.includes(seat)) return { ok: false, code: 'not_your_seat', message: 'spectators cannot chat' };
		this.#opts.log.appendChat(await makeChat(secret, text, (this.#opts.now ?? Date.now)()));
		await this.#queueChat();
		return { ok: true, id: '' };
	}

	/** Chat refreshes run one after another; `refresh()` waits for those under way. */
	#queueChat(): Promise<void> {
		const run = this.#chatRun.then(() => this.#refreshChat());
		this.#chatRun = run.catch(() => {});
		return this.#chatRun;
	}

	async #refreshChat(): Promise<void> {
		const seats = this.#view?.seats;
		const devices = this.#view?.devices ?? null;
		this.#chat = seats ? await readChat(this.#opts.log.chatItems(), this.game, seats, devices ? (seat) => seatKeys(devices, seat) : undefined) : [];
		for (const l of this.#chatListeners) l(this.#chat);
	}

	async close(): Promise<void> {
		this.#closed = true;
		if (this.#retryTimer !== null) clearTimeout(this.#retryTimer);
		this.#retryTimer = null;
		for (const u of this.#unsubscribe) u();
		this.#unsubscribe = [];
		if (this.#resumeTimer !== null) clearTimeout(this.#resumeTimer);
		this.#resumeTimer = null;
		await this.#running?.catch(() => {});
		await this.#saving?.catch(() => 0);
	}
}
