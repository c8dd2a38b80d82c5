/**
 * Writing entries: build a body, canonicalize, hash and sign. Every kind of entry this app writes
 * is made here, so the shapes the orderer reads and the shapes peers write cannot drift apart.
 */
import type { JsonValue } from './canonical';
import { encodeBody, LOG_VERSION, SEED_SCHEME, type Body, type JsonObject, type WireEntry } from './entry';
import { generateIdentity, signText, type Identity } from './identity';
import type { SeatSecret } from './key-store';
import { commitNonce, makeNonce } from './seed';

export interface SignedEntry {
	readonly id: string;
	readonly wire: WireEntry;
}

export async function signBody(body: Body, identity: Identity): Promise<SignedEntry> {
	const { text, id } = await encodeBody(body);
	return { id, wire: { body: text, sig: await signText(identity, text) } };
}

export interface NewGame {
	readonly genesis: SignedEntry;
	readonly creator: Identity;
}

/** The game id is the genesis id; the creator's key signs genesis and, later, the start entry. */
export async function makeGenesis(setup: JsonValue, seats: number, rules: string, creator?: Identity): Promise<NewGame> {
	const identity = creator ?? (await generateIdentity());
	const action: JsonObject = { type: 'genesis', setup, seats, creator: { ...identity.publicKey }, seed: SEED_SCHEME };
	const genesis = await signBody({ v: LOG_VERSION, game: null, parent: null, seat: null, action, rules }, identity);
	return { genesis, creator: identity };
}

/** A claim with a fresh key (one per seat) and a fresh seed nonce, of which only the hash is published. */
export async function makeClaim(
	game: string,
	rules: string,
	seat: number,
	name: string,
	identity?: Identity,
	nonce: string = makeNonce()
): Promise<{ entry: SignedEntry; secret: SeatSecret }> {
	const id = identity ?? (await generateIdentity());
	const action: JsonObject = { type: 'claim', name, key: { ...id.publicKey }, commit: await commitNonce(nonce) };
	const entry = await signBody({ v: LOG_VERSION, game, parent: game, seat, action, rules }, id);
	return { entry, secret: { game, seat, identity: id, nonce, claimId: entry.id } };
}

export function makeStart(game: string, rules: string, claims: readonly string[], creator: Identity): Promise<SignedEntry> {
	const action: JsonObject = { type: 'start', claims: [...claims] };
	return signBody({ v: LOG_VERSION, game, parent: game, seat: null, action, rules }, creator);
}

export function makeReveal(rules: string, start: string, secret: SeatSecret): Promise<SignedEntry> {
	const action: JsonObject = { type: 'reveal', nonce: secret.nonce };
	return signBody({ v: LOG_VERSION, game: secret.game, parent: start, seat: secret.seat, action, rules }, secret.identity);
}

/** A request to restart a held-up seed round (restart.ts), naming the round's reveals held here. */
export function makeRestart(rules: string, tip: string, seen: readonly string[], secret: SeatSecret): Promise<SignedEntry> {
	const action: JsonObject = { type: 'restart', seen: [...seen].sort() };
	return signBody({ v: LOG_VERSION, game: secret.game, parent: tip, seat: secret.seat, action, rules }, secret.identity);
}

/** A seat's fresh commitment in a restarted round; the nonce is kept by the caller until its turn to reveal. */
export async function makeRecommit(rules: string, head: string, nonce: string, secret: SeatSecret): Promise<SignedEntry> {
	const action: JsonObject = { type: 'recommit', commit: await commitNonce(nonce) };
	return signBody({ v: LOG_VERSION, game: secret.game, parent: head, seat: secret.seat, action, rules }, secret.identity);
}

/** A reveal of a restarted round: on the chain's head, the nonce of the seat's recommit. */
export function makeRoundReveal(rules: string, head: string, nonce: string, secret: SeatSecret): Promise<SignedEntry> {
	const action: JsonObject = { type: 'reveal', nonce };
	return signBody({ v: LOG_VERSION, game: secret.game, parent: head, seat: secret.seat, action, rules }, secret.identity);
}

/** A play entry: an engine action, `{type:'undo'}`, or `{type:'consent', request, accept}`. */
export function makePlay(rules: string, parent: string, action: JsonObject, secret: SeatSecret): Promise<SignedEntry> {
	return signBody({ v: LOG_VERSION, game: secret.game, parent, seat: secret.seat, action, rules }, secret.identity);
}

/** `attempt` (1 or more) tells a request asked again on the same head from the one declined there. */
export function undoAction(actionId?: string, attempt = 0): JsonObject {
	const action: JsonObject = actionId === undefined ? { type: 'undo' } : { type: 'undo', action_id: actionId };
	if (attempt > 0) action.attempt = attempt;
	return action;
}

export function consentAction(request: string, accept: boolean): JsonObject {
	return { type: 'consent', request, accept };
}
