/** Closing and moving company cards. */
import type { GameState } from './state';

/** Closes a company: it stays listed as closed and leaves its holder's hand. */
export function closeCompany(state: GameState, id: string): void {
	const c = state.companies[id];
	if (!c || c.closed) return;
	if (c.owner && c.owner.startsWith('player:')) {
		const pid = Number(c.owner.slice(7));
		const p = state.players.find((x) => x.id === pid);
		if (p) p.companies = p.companies.filter((x) => x !== id);
	} else if (c.owner && c.owner.startsWith('corporation:')) {
		const corp = state.corporations[c.owner.slice(12)];
		if (corp) corp.companies = corp.companies.filter((x) => x !== id);
	}
	c.closed = true;
	c.owner = null;
}
