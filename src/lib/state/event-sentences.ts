/**
 * The engine's events (what an action did: phase changes, rusting, dividends, loans, …) as
 * sentences for the log (issue 18). Every figure comes from the event; this file only words
 * them, naming players and companies as the page does (game-view-names.ts), never by id.
 */
import type { EventParty, GameEvent, GameEventKind, GameState, PriceCause } from '../engine';
import { playerName } from './stock-view';
import { companyLabel, corporationName, minorRailwayName, sharesInWords } from './game-view-names';
import { hexLabel, trainWithArticle } from './operating-view';

const money = (n: number) => `£${n}`;

function party(state: GameState, p: EventParty): string {
	switch (p.kind) {
		case 'player':
			return playerName(state, p.id);
		case 'corporation':
			return corporationName(state, p.id);
		case 'tax_haven':
			return 'the Tax Haven';
		default: {
			const never: never = p;
			return String(never);
		}
	}
}

/** "A, B and C". */
function listed(items: readonly string[]): string {
	if (items.length <= 1) return items.join('');
	return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** ["L", "L", "2"] → "two L trains and a 2 train". */
function trainsInWords(names: readonly string[]): string {
	const counts = new Map<string, number>();
	for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
	return listed([...counts].map(([name, n]) => (n === 1 ? trainWithArticle(name) : `${countWord(n)} ${name} trains`)));
}

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const countWord = (n: number) => COUNT_WORDS[n] ?? String(n);

/** What a phase's new status lets players do, in words (statuses with nothing to tell are left out). */
const STATUS_WORDS: Readonly<Record<string, string>> = {
	can_buy_trains: 'companies may buy trains from each other',
	can_convert_concessions: 'concessions may start their majors',
	can_acquire_minor_bidbox: 'majors may acquire the minors in the bid boxes',
	can_par: 'majors may start without a concession',
	full_capitalisation: 'majors that start now are fully capitalised',
	minors_green_upgrade: 'minors may lay only yellow and green tiles'
};

const CAUSE_WORDS: Readonly<Record<PriceCause, string>> = {
	shares_sold: ' after the sale',
	sold_out: ': sold out',
	shares_issued: ' after the issue',
	shares_redeemed: ' after the redemption',
	other: ''
};

const TIMING_WORDS: Readonly<Record<string, string>> = {
	current_or: 'at the end of this operating round',
	full_or: 'at the end of this set of operating rounds',
	next_or: 'after the next operating round'
};

const TRIGGER_WORDS: Readonly<Record<string, string>> = {
	bank: 'the bank has run out of money',
	stock_market: 'a share price reached the end of the market'
};

function priceMove(from: number | null, to: number | null): string {
	if (from === null || to === null) return '';
	return from === to ? `; share price stays at ${money(to)}` : `; share price ${money(from)} → ${money(to)}`;
}

/** The payment of a minor's acquisition in words. */
function minorPayment(state: GameState, e: Extract<GameEvent, { kind: 'minor_acquired' }>): string {
	const major = corporationName(state, e.major);
	if (e.from === null) return `from the bid box for ${money(e.cash)} paid to the bank`;
	const owner = playerName(state, e.from);
	const parts: string[] = [];
	if (e.shares > 0) parts.push(`${sharesInWords(e.shares)} of ${major}`);
	if (e.cash > 0) parts.push(money(e.cash));
	const paid = parts.length > 0 ? `for ${listed(parts)} to ${owner}` : `from ${owner} for nothing`;
	return e.cash < 0 ? `${paid}, ${owner} paying ${major} ${money(-e.cash)}` : paid;
}

const TOKEN_WORDS: Readonly<Record<string, string>> = {
	replace: 'its station is replaced by one of the major',
	exchange: 'its station is replaced using an exchange token',
	remove: 'its station is removed'
};

/**
 * Events the action's own line tells (a lay's tile and cost, a station's city and cost): the log
 * words them into that line (log-sentences.ts) rather than a line of their own.
 */
export const TOLD_BY_ACTION: ReadonlySet<GameEventKind> = new Set<GameEventKind>(['track_laid', 'station_placed']);

/** ", using P8 and P10" for the privates whose abilities an action used. */
export function usingPrivates(state: GameState, privates: readonly string[]): string {
	return privates.length === 0 ? '' : `, using ${listed(privates.map((p) => companyLabel(state, p)))}`;
}

/** "Ada £20 (P6, P17)": what each owner receives from which companies, in the order paid. */
function incomeInWords(state: GameState, e: Extract<GameEvent, { kind: 'private_income' }>): string {
	const byOwner = new Map<string, { to: EventParty; amount: number; companies: string[] }>();
	for (const p of e.payments) {
		const key = `${p.to.kind}:${'id' in p.to ? p.to.id : ''}`;
		const o = byOwner.get(key) ?? { to: p.to, amount: 0, companies: [] };
		o.amount += p.amount;
		o.companies.push(companyLabel(state, p.company));
		byOwner.set(key, o);
	}
	const parts = [...byOwner.values()].map((o) => `${money(o.amount)} to ${party(state, o.to)} (${o.companies.join(', ')})`);
	const charters = e.charters.map((c) => `${money(c.amount)} on ${companyLabel(state, c.company)}'s charter`);
	return `Company income: ${listed([...parts, ...charters])}`;
}

function partyId(p: EventParty): string[] {
	return p.kind === 'tax_haven' ? [] : [String(p.id)];
}

/**
 * The players (by id) and companies an event names, as log lines name actors: a filter on one of
 * them finds the action that caused the event (log-filter.ts).
 */
export function eventSubjects(e: GameEvent): string[] {
	const ids = ((): (string | number | null)[] => {
		switch (e.kind) {
			case 'auction_won':
				return [e.player, e.company];
			case 'private_income':
				return [...e.payments.flatMap((p) => [p.company, ...partyId(p.to)]), ...e.charters.map((c) => c.company)];
			case 'track_laid':
				return [e.corporation, ...e.privates];
			case 'station_placed':
				return [e.corporation, e.private];
			case 'minor_floated':
				return [e.corporation, e.player];
			case 'phase_changed':
			case 'trains_removed':
			case 'bank_broken':
			case 'game_end_triggered':
			case 'game_end':
				return [];
			case 'trains_rusted':
			case 'train_discarded':
			case 'company_closed':
			case 'minor_closed':
			case 'price_moved':
				return [e.corporation];
			case 'private_closed':
			case 'concession_closed':
				return [e.company];
			case 'dividend':
				return [e.corporation, ...e.receivers.flatMap((r) => partyId(r.to))];
			case 'loan_taken':
			case 'president_contributed':
			case 'emergency_sale':
				return [e.player, e.corporation];
			case 'interest_charged':
			case 'debt_paid':
				return [e.player];
			case 'minor_acquired':
				return [e.major, e.minor, e.from];
			case 'company_acquired':
				return [e.corporation, e.company, e.from];
			default: {
				const never: never = e;
				return [String(never)];
			}
		}
	})();
	return [...new Set(ids.filter((x): x is string | number => x !== null).map(String))];
}

/** One event as a sentence. */
export function describeEvent(state: GameState, e: GameEvent): string {
	switch (e.kind) {
		case 'auction_won': {
			const railway = minorRailwayName(state, e.company);
			return `${playerName(state, e.player)} wins ${companyLabel(state, e.company)}${railway ? ` (${railway})` : ''} for ${money(e.price)}`;
		}
		case 'private_income':
			return incomeInWords(state, e);
		case 'track_laid':
			return `${corporationName(state, e.corporation)} lays tile ${e.tile} on ${hexLabel(state, e.hex)} for ${money(e.cost)}${usingPrivates(state, e.privates)}`;
		case 'station_placed':
			return `${corporationName(state, e.corporation)} places ${e.token === 'destination' ? 'its destination token' : 'a station'} in ${hexLabel(state, e.hex)} for ${money(e.cost)}${usingPrivates(state, e.private ? [e.private] : [])}`;
		case 'minor_floated':
			return `${corporationName(state, e.corporation)} starts${e.price === null ? '' : ` at ${money(e.price)}`} with ${money(e.treasury)} in its treasury`;
		case 'phase_changed': {
			const gained = e.gained.map((s) => STATUS_WORDS[s]).filter((s): s is string => !!s);
			const parts = [
				`${listed(e.tiles)} tiles may be laid`,
				`train limit ${e.trainLimit.minor} for minors, ${e.trainLimit.major} for majors`,
				`${countWord(e.operatingRounds)} operating round${e.operatingRounds === 1 ? '' : 's'} per set`,
				...gained
			];
			const rust = e.rusted.length > 0 ? `; ${listed(e.rusted.map((n) => `${n} trains`))} rust` : '';
			return `Phase ${e.phase} begins: ${parts.join('; ')}${rust}`;
		}
		case 'trains_rusted':
			return `${corporationName(state, e.corporation)} loses ${trainsInWords(e.trains)} to rust`;
		case 'trains_removed':
			return e.cause === 'rusted'
				? `The bank's ${trainsInWords(e.trains)} rust${e.trains.length === 1 ? 's' : ''} away`
				: `${trainsInWords(e.trains)} ${e.trains.length === 1 ? 'is' : 'are'} removed from the bank for the minors nobody bid on`.replace(/^./, (c) => c.toUpperCase());
		case 'train_discarded':
			return `${corporationName(state, e.corporation)} discards ${trainWithArticle(e.train)} to the bank`;
		case 'company_closed':
		case 'minor_closed':
			return `${corporationName(state, e.corporation)} closes`;
		case 'private_closed':
		case 'concession_closed':
			return `${companyLabel(state, e.company)} closes`;
		case 'dividend': {
			const who = corporationName(state, e.corporation);
			const price = priceMove(e.priceBefore, e.priceAfter);
			const subsidy = e.subsidy > 0 ? `; mail subsidy ${money(e.subsidy)} to the treasury` : '';
			const paid = e.receivers.map((r) => `${money(r.amount)} to ${party(state, r.to)}`);
			if (e.revenue === 0) return `${who} earns nothing${subsidy}${price}`;
			if (e.perShare === null) return `${who} earns ${money(e.revenue)}: ${listed([...paid, `${money(e.kept)} kept in its treasury`])}${price}`;
			if (e.choice === 'withhold') return `${who} withholds ${money(e.revenue)} in its treasury${subsidy}${price}`;
			const how = e.choice === 'half' ? `pays half of ${money(e.revenue)} (${money(e.kept)} kept)` : `pays out ${money(e.revenue)}`;
			return `${who} ${how}: ${money(e.perShare)} per share${paid.length > 0 ? `, ${listed(paid)}` : ''}${subsidy}${price}`;
		}
		case 'price_moved': {
			const who = corporationName(state, e.corporation);
			return `${who}'s share price ${e.from === null || e.to === null ? 'moves' : `moves from ${money(e.from)} to ${money(e.to)}`}${CAUSE_WORDS[e.cause]}`;
		}
		case 'loan_taken':
			return `The bank lends ${playerName(state, e.player)} ${money(e.amount)} for ${corporationName(state, e.corporation)}'s train; ${money(e.debtAdded)} is added to the debt, interest included`;
		case 'interest_charged':
			return `Interest of ${money(e.amount)} is added to ${playerName(state, e.player)}'s debt (now ${money(e.debt)})`;
		case 'debt_paid':
			return `${playerName(state, e.player)} repays ${money(e.amount)} of debt (${e.debt > 0 ? `${money(e.debt)} left` : 'debt cleared'})`;
		case 'president_contributed':
			return `${playerName(state, e.player)} pays ${money(e.amount)} from their own cash toward ${corporationName(state, e.corporation)}'s ${e.train} train`;
		case 'emergency_sale':
			return `${playerName(state, e.player)} sells ${e.percent}% of ${corporationName(state, e.corporation)} for ${money(e.proceeds)} to raise money for a train${priceMove(e.priceBefore, e.priceAfter)}`;
		case 'minor_acquired': {
			const minor = corporationName(state, e.minor);
			const treasury = e.treasury > 0 ? `; its treasury of ${money(e.treasury)} joins ${corporationName(state, e.major)}` : '';
			const token = e.token && TOKEN_WORDS[e.token] ? `; ${TOKEN_WORDS[e.token]}` : '';
			return `${corporationName(state, e.major)} acquires ${minor} ${minorPayment(state, e)}${treasury}${token}`;
		}
		case 'company_acquired': {
			const from = e.from === null ? '' : ` from ${playerName(state, e.from)}`;
			return `${corporationName(state, e.corporation)} takes over ${companyLabel(state, e.company)}${from}${e.price > 0 ? ` for ${money(e.price)}` : ' at no cost'}`;
		}
		case 'bank_broken':
			return 'The bank is broken';
		case 'game_end_triggered':
			return `The game will end ${(e.timing && TIMING_WORDS[e.timing]) || 'soon'}: ${TRIGGER_WORDS[e.trigger] ?? 'an end condition was met'}`;
		case 'game_end':
			return 'The game is over';
		default: {
			const never: never = e;
			return String(never);
		}
	}
}
