/**
 * What the operating-round page shows about the operating company: its name, president,
 * cash, trains, stations and share price, read from the engine's state.
 */
import { companyLabel, corporationName, privateAbility } from './game-view-names';
import { corporationPrice, type GameState } from '../engine';
import { mapFor } from '../engine/titles/g1822/board-ops';
import { playerName } from './stock-view';

export interface CompanyCard {
	readonly id: string;
	/** "Minor 5" for a minor, the major's id otherwise. */
	readonly label: string;
	readonly type: 'minor' | 'major';
	readonly president: string | null;
	readonly cash: number;
	readonly price: number | null;
	readonly trains: readonly string[];
	/** Stations on the map ("M30 (Peterborough)", as the log names hexes), and the tokens still on the charter with their prices. */
	readonly placed: readonly string[];
	readonly onCharter: readonly number[];
	readonly companies: readonly string[];
	/** The privates it owns, by name, with their ability in words. */
	readonly privates: readonly { readonly id: string; readonly name: string; readonly ability: string | null }[];
}

export function corporationLabel(state: GameState, id: string): string {
	return corporationName(state, id);
}

export function companyCard(state: GameState, id: string, president: number | null): CompanyCard | null {
	const c = state.corporations[id];
	if (!c) return null;
	return {
		id,
		label: corporationLabel(state, id),
		type: c.type,
		president: president === null ? null : playerName(state, president),
		cash: c.cash,
		price: corporationPrice(state, id),
		trains: c.trains.map((t) => t.name),
		placed: c.charter.filter((t) => t.at !== null).map((t) => hexLabel(state, String(t.at).replace(/-\d+$/, ''))),
		onCharter: c.charter.filter((t) => t.at === null).map((t) => t.price),
		companies: [...c.companies],
		privates: c.companies.map((p) => ({ id: p, name: companyLabel(state, p), ability: privateAbility(state, p) }))
	};
}

/** "H33 (Newport)", or the hex alone when it has no name. */
export function hexLabel(state: GameState, hex: string): string {
	const h = mapFor(state.setup.title).hexes.find((x) => x.id === hex);
	return h?.name ? `${hex} (${h.name})` : hex;
}

/** "an L train", "a 3 train", "an E train", "an 8 train". */
export function trainWithArticle(name: string): string {
	return `${/^(L|E|8|11|18)/.test(name) ? 'an' : 'a'} ${name} train`;
}

const STEP_LABELS: Record<string, string> = {
	home_token: 'Choose the London city for the home station',
	housekeeping: 'First turn: buy an L train',
	acquire: 'Acquire privates',
	track: 'Lay track',
	destination: 'Destination token',
	token: 'Place a station',
	route: 'Run trains',
	dividend: 'Dividend',
	buy_train: 'Buy trains',
	minor_acquisition: 'Acquire a minor',
	issue: 'Issue or redeem shares',
	discard: 'Discard a train',
	done: 'Done'
};

export function stepLabel(step: string): string {
	return STEP_LABELS[step] ?? step.replaceAll('_', ' ');
}
