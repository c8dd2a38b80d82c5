/**
 * Invariants of the 1822 game state that must hold after every action, whatever was played.
 * `checkInvariants` returns one sentence per broken invariant (empty when the state is sound), so
 * a test or the fuzzer can print every problem of a state at once.
 *
 * Money is a closed system in 1822 (rules digest 1.1, 9): the bank starts with £12,000, starting
 * cash is paid out of it, and every later payment moves money between purses:
 * - bank ↔ players, corporations, the Tax Haven purse (P16) and the P15/P20 charter purses;
 * - a player loan is paid by the bank to the player (digest 9.1 step 4); the debt and its 50%
 *   interest (digest 9.1, 9.2, 3.8 step 9) are a number owed, not money, so they create none;
 *   repaying moves cash from the player to the bank (digest 9.2);
 * - a closing corporation's treasury and a closing private's purse go back to the bank;
 * - the bank may go below zero once it has broken (digest 1.1 "it keeps paying after that").
 * So the sum of every purse always equals the starting bank, even after the bank breaks.
 */
import { configFor, type GameState, type ResolvedConfig } from '../../src/lib/engine/index';
import { tilesLeft, cityCapacity } from '../../src/lib/engine/core/board';
import { tileNameOf, tileIndexOf } from '../../src/lib/engine/core/board-state';
import { trainTypeOf } from '../../src/lib/engine/core/trains';
import { mapFor } from '../../src/lib/engine/titles/g1822/board-ops';
import type { HexId } from '../../src/lib/engine/core/ids';

/**
 * Holding limit for one player in one major (digest 3.6). Shares received for a minor bypass it
 * (digest 5.7), so it is a rule of buying, checked on the transition, not on every state.
 */
export const MAJOR_HOLDING_LIMIT_PERCENT = 60;

function isMoney(v: unknown): v is number {
	return typeof v === 'number' && Number.isInteger(v);
}

/** Every purse and its cash, labelled for messages. */
export function purses(state: GameState): { label: string; cash: number }[] {
	const out: { label: string; cash: number }[] = [{ label: 'bank', cash: state.bank.cash }];
	for (const p of state.players) out.push({ label: `player ${p.id}`, cash: p.cash });
	for (const c of Object.values(state.corporations)) out.push({ label: `corporation ${c.id}`, cash: c.cash });
	out.push({ label: 'Tax Haven', cash: state.taxHaven.cash });
	for (const [k, v] of Object.entries(state.privatePurses)) out.push({ label: `purse of ${k}`, cash: v });
	return out;
}

export function totalMoney(state: GameState): number {
	return purses(state).reduce((s, p) => s + p.cash, 0);
}

function checkMoney(state: GameState, config: ResolvedConfig, out: string[]): void {
	for (const p of purses(state)) {
		if (!isMoney(p.cash)) out.push(`cash of ${p.label} is not an integer: ${String(p.cash)}`);
		else if (p.cash < 0 && p.label !== 'bank') out.push(`cash of ${p.label} is negative: ${p.cash}`);
	}
	if (state.bank.cash < 0 && !state.bank.broken) out.push(`the bank is below zero (${state.bank.cash}) but not broken`);
	const total = totalMoney(state);
	if (total !== config.bankCash) out.push(`money not conserved: total ${total}, expected ${config.bankCash}`);
	for (const p of state.players)
		if (!isMoney(p.debt) || p.debt < 0) out.push(`debt of player ${p.id} is invalid: ${String(p.debt)}`);
}

/** Percent of a major held by one player (the Tax Haven's shares are not the player's). */
export function playerPercent(state: GameState, corpId: string, playerId: number): number {
	const corp = state.corporations[corpId];
	if (!corp) return 0;
	let p = 0;
	for (const c of corp.shares) if (c.owner === `player:${playerId}`) p += c.percent;
	return p;
}

function checkCertificates(state: GameState, out: string[]): void {
	const playerIds = new Set(state.players.map((p) => p.id));
	for (const corp of Object.values(state.corporations)) {
		const seen = new Set<number>();
		let total = 0;
		let presidents = 0;
		for (const c of corp.shares) {
			if (seen.has(c.index)) out.push(`${corp.id}: certificate ${c.index} listed twice`);
			seen.add(c.index);
			if (!isMoney(c.percent) || c.percent <= 0) out.push(`${corp.id}_${c.index}: bad percent ${String(c.percent)}`);
			total += c.percent;
			if (c.president) presidents += 1;
			const o = c.owner as string;
			if (o.startsWith('player:')) {
				const id = Number(o.slice(7));
				if (!playerIds.has(id)) out.push(`${corp.id}_${c.index} is held by unknown ${o}`);
			} else if (o !== 'treasury' && o !== 'pool' && o !== 'taxhaven') {
				out.push(`${corp.id}_${c.index} has an unknown holder ${JSON.stringify(o)}`);
			}
		}
		if (total !== 100) out.push(`${corp.id}: certificates total ${total}%, not 100%`);
		if (presidents !== 1) out.push(`${corp.id}: ${presidents} president's certificates`);
		// A floated major's president's certificate is a player's (the Tax Haven never directs).
		const pres = corp.shares.find((c) => c.president);
		if (corp.type === 'major' && corp.floated && !corp.closed && pres && !pres.owner.startsWith('player:'))
			out.push(`${corp.id}: floated, but its president's certificate is in ${pres.owner}`);
	}
}

/** Each company card has exactly one place: the bank (owner null or "bank"), one player, one corporation, or closed. */
function checkCompanies(state: GameState, out: string[]): void {
	const listed = new Map<string, string>();
	const list = (company: string, holder: string) => {
		const prev = listed.get(company);
		if (prev !== undefined) out.push(`company ${company} is listed by ${prev} and by ${holder}`);
		listed.set(company, holder);
	};
	for (const p of state.players) for (const c of p.companies) list(c, `player:${p.id}`);
	for (const corp of Object.values(state.corporations)) for (const c of corp.companies) list(c, `corporation:${corp.id}`);
	for (const [id, c] of Object.entries(state.companies)) {
		const holder = listed.get(id);
		const owner = c.owner === 'bank' ? null : c.owner;
		if (c.closed && holder !== undefined) out.push(`closed company ${id} is still held by ${holder}`);
		if (!c.closed && (owner ?? undefined) !== holder)
			out.push(`company ${id}: owner ${String(c.owner)} but listed by ${holder ?? 'nobody'}`);
	}
	for (const [id, holder] of listed)
		if (!(id in state.companies)) out.push(`${holder} holds ${id}, which is not a company of this game`);
}

/** Each train is held once; a type never has more copies in play than its table count (digest 6.1). */
function checkTrains(state: GameState, config: ResolvedConfig, out: string[]): void {
	const seen = new Map<string, string>();
	const see = (id: string, where: string) => {
		const prev = seen.get(id);
		if (prev !== undefined) out.push(`train ${id} is in ${prev} and in ${where}`);
		seen.set(id, where);
	};
	for (const corp of Object.values(state.corporations)) for (const t of corp.trains) see(t.id, corp.id);
	for (const id of state.depot.upcoming) see(id, 'depot');
	for (const t of state.depot.discarded) see(t.id, 'open market');
	const defs = new Map(config.trains.map((t) => [t.name, t]));
	const perType = new Map<string, number>();
	for (const id of seen.keys()) {
		const type = trainTypeOf(id);
		const def = defs.get(type);
		const index = Number(id.slice(type.length + 1));
		if (!def) {
			out.push(`train ${id} has no type in this title`);
			continue;
		}
		if (!Number.isInteger(index) || index < 0 || (def.num >= 0 && index >= def.num))
			out.push(`train ${id} is not one of the ${def.num} copies of ${type}`);
		perType.set(type, (perType.get(type) ?? 0) + 1);
	}
	for (const [type, n] of perType) {
		const def = defs.get(type)!;
		// Unlimited types keep one copy in the depot at a time, so only limited types are counted.
		if (def.num >= 0 && n > def.num) out.push(`${n} trains of type ${type} in play, only ${def.num} exist`);
	}
}

function checkBoard(state: GameState, out: string[]): void {
	const map = mapFor(state.setup.title);
	const tileIds = new Map<string, string>();
	for (const [hex, t] of Object.entries(state.board.tiles)) {
		const prev = tileIds.get(t.tile);
		if (prev !== undefined) out.push(`tile ${t.tile} is on ${prev} and on ${hex}`);
		tileIds.set(t.tile, hex);
		const count = map.manifest.get(tileNameOf(t.tile));
		const index = tileIndexOf(t.tile);
		if (count === undefined) out.push(`tile ${t.tile} on ${hex} is not in this title's manifest`);
		else if (!Number.isInteger(index) || index < 0 || (count >= 0 && index >= count))
			out.push(`tile ${t.tile} on ${hex} is not one of the ${count} copies`);
		// One spelling per copy ("57-0", never "57-00"), or a copy could be on the map twice.
		else if (t.tile !== `${tileNameOf(t.tile)}-${index}`) out.push(`tile id ${JSON.stringify(t.tile)} on ${hex} is not written "<name>-<index>"`);
		if (!map.byId.has(hex as HexId)) out.push(`a tile lies on ${hex}, which is not a hex of the map`);
		if (!Number.isInteger(t.rotation) || t.rotation < 0 || t.rotation > 5) out.push(`tile on ${hex} has rotation ${t.rotation}`);
	}
	for (const name of map.manifest.keys()) {
		const left = tilesLeft(map, state.board, name);
		if (left !== null && left < 0) out.push(`tile ${name}: ${left} left in the supply`);
	}
	const perCity = new Map<string, { corps: string[]; destinations: number }>();
	for (const tk of state.board.tokens) {
		const key = `${tk.hex}-${tk.city}`;
		const entry = perCity.get(key) ?? { corps: [], destinations: 0 };
		entry.corps.push(tk.corporation);
		if (tk.kind === 'destination') entry.destinations += 1;
		perCity.set(key, entry);
	}
	for (const [key, { corps, destinations }] of perCity) {
		const i = key.lastIndexOf('-');
		const cap = cityCapacity(map, state.board, key.slice(0, i) as HexId, Number(key.slice(i + 1)));
		// A destination token goes into an extra slot when the city is full (digest 5.4, 15 item 18).
		if (corps.length - destinations > cap) out.push(`city ${key} holds ${corps.length - destinations} normal tokens, capacity ${cap}`);
		if (new Set(corps).size !== corps.length) out.push(`city ${key} holds two tokens of one corporation: ${corps.join(',')}`);
	}
	for (const corp of Object.values(state.corporations)) {
		const onBoard = state.board.tokens.filter((t) => t.corporation === corp.id).length;
		if (corp.closed) {
			if (onBoard > 0) out.push(`closed ${corp.id} still has ${onBoard} tokens on the map`);
			continue;
		}
		const placed = corp.charter.filter((c) => c.at !== null).length;
		if (placed !== onBoard) out.push(`${corp.id}: ${placed} charter tokens placed but ${onBoard} on the map`);
	}
}

function checkCorporations(state: GameState, out: string[]): void {
	for (const corp of Object.values(state.corporations)) {
		if (!corp.closed) continue;
		if (corp.cash !== 0) out.push(`closed ${corp.id} still has £${corp.cash}`);
		if (corp.trains.length > 0) out.push(`closed ${corp.id} still has trains ${corp.trains.map((t) => t.id).join(',')}`);
		if (corp.companies.length > 0) out.push(`closed ${corp.id} still owns ${corp.companies.join(',')}`);
	}
}

function checkRound(state: GameState, out: string[]): void {
	const r = state.round;
	switch (r.kind) {
		case 'stock':
			if (!Number.isInteger(r.current) || r.current < 0 || r.current >= state.players.length)
				out.push(`stock round: current player index ${r.current} out of range`);
			break;
		case 'choices':
			if (!Number.isInteger(r.current) || r.current < 0 || (r.entities.length > 0 && r.current >= r.entities.length))
				out.push(`choices round: current index ${r.current} out of range`);
			break;
		case 'operating':
			if (!Number.isInteger(r.current) || r.current < 0 || (r.order.length > 0 && r.current >= r.order.length))
				out.push(`operating round: current index ${r.current} out of range`);
			break;
	}
}

/** All broken invariants of the state, one sentence each; empty when the state is sound. */
export function checkInvariants(state: GameState, config: ResolvedConfig = configFor(state)): string[] {
	const out: string[] = [];
	checkMoney(state, config, out);
	checkCertificates(state, out);
	checkCompanies(state, out);
	checkTrains(state, config, out);
	checkBoard(state, out);
	checkCorporations(state, out);
	checkRound(state, out);
	return out;
}

/**
 * Invariants of one accepted action, comparing the states around it: a share purchase, par or
 * conversion never leaves the buyer above the holding limit in a major whose holding it raised
 * (digest 3.4 "the 60% holding limit must hold after the purchase", 3.6).
 */
export function checkTransition(before: GameState, after: GameState, action: { type: string; entity: unknown }): string[] {
	const out: string[] = [];
	if (action.type !== 'buy_shares' && action.type !== 'par') return out;
	if (typeof action.entity !== 'number') return out;
	const player = action.entity;
	for (const corp of Object.values(after.corporations)) {
		if (corp.type !== 'major') continue;
		const was = playerPercent(before, corp.id, player);
		const now = playerPercent(after, corp.id, player);
		if (now > was && now > MAJOR_HOLDING_LIMIT_PERCENT)
			out.push(`${action.type} left player ${player} with ${now}% of ${corp.id}, over the ${MAJOR_HOLDING_LIMIT_PERCENT}% limit`);
	}
	return out;
}
