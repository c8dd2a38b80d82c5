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
 * Moves certificates to a new holder one by one, in the order given. Each moved certificate goes
 * to the end of the list, so the list, read for one holder, is that holder's arrival order: the
 * reference appends every share a holder receives to that holder's own list
 * [share_pool.rb move_share, share.rb transfer], and whoever takes a share without naming it (the
 * site's buy buttons and buy programs, a Tax Haven purchase, shares given for a minor, the
 * shares a new president hands over) takes the holder's first one. So the order decides which
 * certificate ids a later action names, and an exported game must name the ones the site holds.
 */
export function transferCerts(certs: ShareCert[], moving: readonly ShareCert[], to: ShareHolder): void {
	for (const c of moving) {
		const at = certs.indexOf(c);
		if (at < 0) continue;
		certs.splice(at, 1);
		c.owner = to;
		certs.push(c);
	}
}

/** Moves every certificate `pick` selects, in the holders' arrival order (see `transferCerts`). */
export function moveCerts(certs: ShareCert[], pick: (c: ShareCert) => boolean, to: ShareHolder): void {
	transferCerts(certs, certs.filter(pick), to);
}

/** A holder's first certificates in arrival order, the ones the reference takes unnamed. */
export function firstCertsHeld(certs: readonly ShareCert[], holder: ShareHolder, count: number, pred: (c: ShareCert) => boolean = () => true): ShareCert[] {
	const out: ShareCert[] = [];
	for (const c of certs) {
		if (out.length >= count) break;
		if (c.owner === holder && pred(c)) out.push(c);
	}
	return out;
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

/** The certificates with these indexes, in the order named (an action's order is the move order). */
export function certsByIndex(certs: readonly ShareCert[], indexes: readonly number[]): ShareCert[] {
	const out: ShareCert[] = [];
	for (const i of indexes) {
		const c = certs.find((x) => x.index === i);
		if (c) out.push(c);
	}
	return out;
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
