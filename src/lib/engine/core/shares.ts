/**
 * Certificates, shares and the open market. A corporation's certificates are a list; each
 * certificate has an owner. Share ids are "<corporation>_<index>" as on 18xx.games.
 */

export type ShareHolder = 'treasury' | 'pool' | 'taxhaven' | `player:${number}`;

export interface ShareCert {
	readonly index: number;
	readonly percent: number;
	readonly president: boolean;
	owner: ShareHolder;
}

export function playerHolder(id: number): ShareHolder {
	return `player:${id}`;
}

export function holderPlayerId(h: ShareHolder): number | null {
	return h.startsWith('player:') ? Number(h.slice(7)) : null;
}

/**
 * Moves certificates to a new holder, keeping each holder's certificates in arrival order (the
 * list's order): the moved ones go to the end. The reference hands out a holder's first
 * certificate when one is taken without naming it (a Tax Haven purchase from the treasury, shares
 * given for a minor), so the order matters.
 */
export function moveCerts(certs: ShareCert[], pick: (c: ShareCert) => boolean, to: ShareHolder): void {
	const moved = certs.filter(pick);
	for (const c of moved) c.owner = to;
	const kept = certs.filter((c) => !moved.includes(c));
	certs.splice(0, certs.length, ...kept, ...moved);
}

export function initialCerts(percents: readonly number[]): ShareCert[] {
	return percents.map((percent, index) => ({ index, percent, president: index === 0, owner: 'treasury' }));
}

export function percentHeld(certs: readonly ShareCert[], holder: ShareHolder): number {
	let p = 0;
	for (const c of certs) if (c.owner === holder) p += c.percent;
	return p;
}

export function certsHeld(certs: readonly ShareCert[], holder: ShareHolder): ShareCert[] {
	return certs.filter((c) => c.owner === holder);
}

export function presidentCert(certs: readonly ShareCert[]): ShareCert | undefined {
	return certs.find((c) => c.president);
}

/** "LNWR_3" → { corporation: "LNWR", index: 3 }. */
export function parseShareId(id: string): { corporation: string; index: number } | null {
	const i = id.lastIndexOf('_');
	if (i <= 0) return null;
	const index = Number(id.slice(i + 1));
	if (!Number.isInteger(index) || index < 0) return null;
	return { corporation: id.slice(0, i), index };
}

/** Percent held by all players (and any holder counted as a player, such as a tax haven). */
export function percentHeldBy(certs: readonly ShareCert[], pred: (h: ShareHolder) => boolean): number {
	let p = 0;
	for (const c of certs) if (pred(c.owner)) p += c.percent;
	return p;
}
