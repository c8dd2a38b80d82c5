/**
 * The action fuzzer (issue 12). From a base state it plays a short walk of mutated actions; each
 * one goes through the pure `process` and the in-place `Game#process`. A fuzzed action FAILS when:
 * - the engine throws (seen as the `internal_error` refusal both paths turn a throw into);
 * - the pure path changes its input, or the two paths disagree (outcome, code or resulting state);
 * - a refused action changes the state (by hash), or comes without a code and message;
 * - an accepted action breaks an invariant, or was one that must be refused (`mustRefuse`);
 * - the engine changes the action object it was given, or takes longer than `SLOW_MS`.
 * Each failure is shrunk to the smallest walk that still fails the same way.
 */
import { Game, process as processPure, type Action, type GameState } from '../../../src/lib/engine/index';
import { checkInvariants, checkTransition } from '../invariants';
import { fingerprint, sameState, unchangedSince, type Fingerprint } from '../state-compare';
import type { ReferenceGame } from '../reference-games';
import { buildCorpus, originState, type BaseState, type Corpus, type Origin } from './corpus';
import { mutate, type Mutation } from './mutations';
import { Prng } from './prng';

/** An action slower than this is a failure (a peer would freeze). */
const SLOW_MS = 5000;

export interface FuzzOptions {
	readonly actions: number;
	readonly seed: number;
	readonly games: readonly ReferenceGame[];
	/** Take a recorded state every this many logged actions. */
	readonly every?: number;
	/** Seeds of the fresh games in the corpus. */
	readonly freshSeeds?: readonly number[];
	/** Longest walk of fuzzed actions from one base state. */
	readonly maxWalk?: number;
	readonly now?: () => number;
}

export interface FuzzFailure {
	readonly seed: number;
	readonly caseIndex: number;
	readonly reason: string;
	readonly mutation: Mutation;
	readonly action: unknown;
	readonly stateFrom: Origin;
	/** Smallest walk found that still fails: actions played from `stateFrom`, the failing one last. */
	readonly log: readonly unknown[];
}

export interface FuzzSummary {
	readonly seed: number;
	readonly actionsTried: number;
	readonly accepted: number;
	readonly acceptedByMutation: Record<string, number>;
	readonly refusedByCode: Record<string, number>;
	readonly baseStates: number;
	readonly slowestMs: number;
	/** Every failing fuzzed action, and how many of each signature (kind, action type, message shape). */
	readonly failureCount: number;
	readonly failuresBySignature: Record<string, number>;
	/** The first failure of each signature, shrunk. */
	readonly failures: FuzzFailure[];
}

export interface CaseResult {
	readonly accepted: boolean;
	readonly code: string | null;
	/** "kind: detail" when the case fails. */
	readonly failure: string | null;
	readonly ms: number;
}

function safeJson(v: unknown): string {
	try {
		return JSON.stringify(v) ?? 'undefined';
	} catch (e) {
		return `unserialisable: ${(e as Error).message}`;
	}
}

/**
 * Runs one fuzzed action against a game, through both paths. `print` is the fingerprint of the
 * game's current state (kept by the caller between refusals, which must leave it unchanged).
 */
export function runCase(game: Game, print: Fingerprint, action: unknown, mustRefuse: string | null, now: () => number): CaseResult {
	const actionText = safeJson(action);
	const state = game.state as GameState;
	const t0 = now();
	let pure: ReturnType<typeof processPure>;
	try {
		pure = processPure(state, action as Action);
	} catch (e) {
		return { accepted: false, code: null, failure: `throw: pure process threw ${(e as Error).message}`, ms: now() - t0 };
	}
	if (!unchangedSince(state, print)) return { accepted: false, code: null, failure: 'pure_mutated_input: process changed the state it was given', ms: now() - t0 };
	let inPlace: ReturnType<Game['process']>;
	try {
		inPlace = game.process(action as Action);
	} catch (e) {
		return { accepted: false, code: null, failure: `throw: Game#process threw ${(e as Error).message}`, ms: now() - t0 };
	}
	const ms = now() - t0;
	const fail = (failure: string): CaseResult => ({ accepted: inPlace.ok, code: inPlace.ok ? null : inPlace.error.code, failure, ms });
	if (safeJson(action) !== actionText) return fail('action_mutated: the engine changed the action object');
	if (!inPlace.ok) {
		const { code, message } = inPlace.error;
		if (code === 'internal_error')
			return fail(`internal_error: ${message} (${unchangedSince(game.state, print) ? 'state unchanged' : 'and the state CHANGED'})`);
		if (pure.ok || pure.error.code !== code) return fail(`paths_disagree: in place refused (${code}), pure ${pure.ok ? 'accepted' : `refused (${pure.error.code})`}`);
		if (!unchangedSince(game.state, print)) return fail(`refused_changed_state: refused with ${code} but the state changed`);
		if (typeof code !== 'string' || code === '' || typeof message !== 'string' || message === '') return fail('bad_error: a refusal without code or message');
		if (ms > SLOW_MS) return fail(`slow: refusal took ${Math.round(ms)} ms`);
		return { accepted: false, code, failure: null, ms };
	}
	if (!pure.ok) return fail(`paths_disagree: in place accepted, pure refused (${pure.error.code})`);
	if (!sameState(pure.value, game.state)) return fail('paths_disagree: pure and in-place states differ');
	if (mustRefuse) return fail(`accepted_must_refuse: accepted ${mustRefuse}`);
	const broken = checkInvariants(game.state as GameState);
	if (broken.length > 0) return fail(`invariant: ${broken.join('; ')}`);
	const type = (action as { type?: unknown }).type;
	if (type === 'buy_shares' || type === 'par') {
		const moved = checkTransition(JSON.parse(print.text) as GameState, game.state as GameState, action as Action);
		if (moved.length > 0) return fail(`transition: ${moved.join('; ')}`);
	}
	if (ms > SLOW_MS) return fail(`slow: action took ${Math.round(ms)} ms`);
	return { accepted: true, code: null, failure: null, ms };
}

/** Failures of one cause share a signature: the kind, the action type and the message without numbers or quoted ids. */
function signatureOf(failure: string, action: unknown): string {
	const type = action && typeof action === 'object' ? String((action as { type?: unknown }).type) : typeof action;
	const shape = failure.replace(/\([^)]*\)/g, '(…)').replace(/-?\d+(\.\d+)?/g, '#').slice(0, 160);
	return `${type} | ${shape}`;
}

function kindOf(failure: string): string {
	return failure.slice(0, failure.indexOf(':'));
}

/** Replays a walk from its origin; the failure of its last action, or null. */
function walkFailure(origin: Origin, games: readonly ReferenceGame[], walk: readonly { action: unknown; mustRefuse: string | null }[], now: () => number): string | null {
	const state = originState(origin, games);
	if (!state) return null;
	const game = new Game(state);
	for (let i = 0; i < walk.length; i++) {
		const r = runCase(game, fingerprint(game.state), walk[i].action, walk[i].mustRefuse, now);
		if (i === walk.length - 1) return r.failure;
		if (r.failure || !r.accepted) return null;
	}
	return null;
}

/** Greedy shrinking: drop earlier actions of the walk, then fields of the failing action, while the failure kind stays. */
function shrink(origin: Origin, games: readonly ReferenceGame[], walk: { action: unknown; mustRefuse: string | null }[], failure: string, now: () => number): unknown[] {
	const kind = kindOf(failure);
	const still = (w: typeof walk) => {
		const f = walkFailure(origin, games, w, now);
		return f !== null && kindOf(f) === kind;
	};
	let current = walk;
	if (!still(current)) return current.map((w) => w.action);
	for (let i = current.length - 2; i >= 0; i--) {
		const candidate = [...current.slice(0, i), ...current.slice(i + 1)];
		if (still(candidate)) current = candidate;
	}
	const last = current[current.length - 1];
	if (last.action && typeof last.action === 'object' && !Array.isArray(last.action))
		for (const key of Object.keys(last.action as object)) {
			if (key === 'type' || key === 'entity') continue;
			const trimmed = { ...(last.action as Record<string, unknown>) };
			delete trimmed[key];
			const candidate = [...current.slice(0, -1), { action: trimmed, mustRefuse: last.mustRefuse }];
			if (still(candidate)) current = candidate;
		}
	return current.map((w) => w.action);
}

/**
 * A JSON-safe copy of an action for the report: huge arrays cut, and values JSON cannot hold
 * written as marker strings ("<NaN>", "<Infinity>", "<undefined>") so the report stays exact.
 */
export function forReport(value: unknown, depth = 0): unknown {
	if (value === undefined) return '<undefined>';
	if (typeof value === 'number' && !Number.isFinite(value)) return `<${String(value)}>`;
	if (value === null || typeof value !== 'object') return value;
	if (depth > 6) return '<…>';
	if (Array.isArray(value)) {
		const items = value.length > 20 ? value.slice(0, 3) : value;
		const out = items.map((v) => forReport(v, depth + 1));
		if (value.length > 20) out.push(`<… ${value.length} entries>`);
		return out;
	}
	const out: Record<string, unknown> = {};
	for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: forReport(v, depth + 1), enumerable: true, writable: true, configurable: true });
	return out;
}

export function runFuzz(options: FuzzOptions, corpus: Corpus = buildCorpus(options.games, options.every ?? 10, options.freshSeeds ?? [1, 2])): FuzzSummary {
	const now = options.now ?? (() => 0);
	const rng = new Prng(options.seed);
	const maxWalk = options.maxWalk ?? 6;
	const refusedByCode: Record<string, number> = {};
	const acceptedByMutation: Record<string, number> = {};
	const failures: FuzzFailure[] = [];
	const allActions = [...corpus.actionsByGame.values()].flat();
	const othersCache = new Map<string, Action[]>();
	let tried = 0;
	let accepted = 0;
	let slowest = 0;
	let failureCount = 0;
	const failuresBySignature: Record<string, number> = {};
	while (tried < options.actions) {
		const base: BaseState = rng.pick(corpus.bases);
		const game = new Game(base.state);
		const sameGame = corpus.actionsByGame.get(base.game) ?? [];
		let otherGames = othersCache.get(base.game);
		if (!otherGames) {
			const own = new Set(sameGame);
			otherGames = allActions.filter((a) => !own.has(a));
			othersCache.set(base.game, otherGames);
		}
		const walk: { action: unknown; mustRefuse: string | null }[] = [];
		let print = fingerprint(game.state);
		const steps = rng.range(1, maxWalk);
		for (let step = 0; step < steps && tried < options.actions; step++) {
			const m = mutate(rng, { state: game.state as GameState, real: step === 0 ? base.real : null, sameGame, otherGames });
			const caseIndex = tried++;
			const r = runCase(game, print, m.action, m.mustRefuse, now);
			slowest = Math.max(slowest, r.ms);
			walk.push({ action: m.action, mustRefuse: m.mustRefuse });
			if (r.failure) {
				failureCount += 1;
				const signature = signatureOf(r.failure, m.action);
				failuresBySignature[signature] = (failuresBySignature[signature] ?? 0) + 1;
				// The first failure of each kind is shrunk and reported in full; repeats are counted.
				if (failuresBySignature[signature] === 1) {
					const log = shrink(base.origin, corpus.games, walk, r.failure, now).map(forReport);
					failures.push({ seed: options.seed, caseIndex, reason: r.failure, mutation: m.mutation, action: forReport(m.action), stateFrom: base.origin, log });
				}
				break;
			}
			if (r.accepted) {
				accepted += 1;
				acceptedByMutation[m.mutation] = (acceptedByMutation[m.mutation] ?? 0) + 1;
				print = fingerprint(game.state);
			} else {
				walk.pop();
				refusedByCode[r.code as string] = (refusedByCode[r.code as string] ?? 0) + 1;
			}
		}
	}
	return {
		seed: options.seed,
		actionsTried: tried,
		accepted,
		acceptedByMutation,
		refusedByCode,
		baseStates: corpus.bases.length,
		slowestMs: Math.round(slowest),
		failureCount,
		failuresBySignature,
		failures
	};
}
