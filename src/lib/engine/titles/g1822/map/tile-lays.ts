/**
 * How many tiles a company may lay per turn, and what a lay costs, in 1822.
 *
 * Allowance [rules digest 5.3; g_1822/game.rb tile_lays, MAJOR_TILE_LAYS; base.rb TILE_LAYS]:
 * a minor, and a major before phase 3, gets one lay (a yellow tile or an upgrade); a major
 * from phase 3 gets a first lay (yellow or upgrade) and a second yellow lay only if the
 * first was not an upgrade. A lay is an upgrade when the old tile is not white
 * [g_1822/step/tracker.rb upgraded_track?].
 *
 * Cost [g_1822/game.rb upgrade_cost; step/tracker.rb lay_tile; g_1822/step/tracker.rb
 * remove_border_calculate_cost!]: the old tile's printed costs (terrain, London £20, English
 * Channel £100), less terrain discounts; plus £40 per estuary crossing still charged on the
 * hex that the new track points across; less flat discounts (per hex) and P10's £40.
 */
import { refuse, ok, type Result, type RuleError } from '../../../core/result';
import type { HexId } from '../../../core/ids';
import type { TerrainCost } from '../../../core/tile';

export const COMPANY_KINDS = ['minor', 'major'] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];

export interface LaySlot {
	readonly lay: boolean | 'not_if_upgraded';
	readonly upgrade: boolean;
}

export const TILE_LAY_TABLE = {
	minor: [{ lay: true, upgrade: true }],
	majorBeforePhase3: [{ lay: true, upgrade: true }],
	major: [
		{ lay: true, upgrade: true },
		{ lay: 'not_if_upgraded', upgrade: false }
	]
} as const satisfies Record<string, readonly LaySlot[]>;

/** The lay slots of a company of `kind` in phase `phase` ("1".."7"). */
export function tileLaySlots(kind: CompanyKind, phase: string): readonly LaySlot[] {
	switch (kind) {
		case 'minor':
			return TILE_LAY_TABLE.minor;
		case 'major':
			return Number(phase) >= 3 ? TILE_LAY_TABLE.major : TILE_LAY_TABLE.majorBeforePhase3;
	}
}

export interface LayDone {
	readonly hex: HexId;
	readonly upgrade: boolean;
}

/** May the next lay of this turn be made (and be an upgrade if `upgrade`)? */
export function checkLayAllowance(
	kind: CompanyKind,
	phase: string,
	done: readonly LayDone[],
	upgrade: boolean,
	/** The private whose own allowance this is (P12), for the refusals' words. */
	by?: string
): Result<LaySlot, RuleError> {
	const slots = tileLaySlots(kind, phase);
	const slot = slots[done.length];
	if (by) {
		// P12: two yellow tiles or one upgrade [g_1822/step/special_track.rb process_lay_tile "Cannot lay an extra upgrade"].
		if (!slot || (slot.lay === 'not_if_upgraded' && done.some((d) => d.upgrade)))
			return refuse('tile_lays_used', `${by}'s tile lays are used up.`);
		if (upgrade && !slot.upgrade)
			return refuse('second_lay_not_upgrade', `${by} lays two yellow tiles or upgrades one; after its yellow tile it cannot upgrade.`);
		return ok(slot);
	}
	if (!slot) {
		return refuse(
			'tile_lays_used',
			kind === 'minor'
				? 'A minor may lay or upgrade only one tile per turn.'
				: 'No tile lays are left this turn.'
		);
	}
	if (slot.lay === 'not_if_upgraded' && done.some((d) => d.upgrade)) {
		return refuse('tile_lays_used', 'After an upgrade no second tile may be laid this turn.');
	}
	if (upgrade && !slot.upgrade) {
		return refuse('second_lay_not_upgrade', 'The second tile of a turn must be a yellow tile, not an upgrade.');
	}
	return ok(slot);
}

/** Lay allowance still open: none, a yellow tile only, or a yellow tile or an upgrade. */
export function nextLayOptions(kind: CompanyKind, phase: string, done: readonly LayDone[]): { lay: boolean; upgrade: boolean } {
	const slot = tileLaySlots(kind, phase)[done.length];
	if (!slot) return { lay: false, upgrade: false };
	if (slot.lay === 'not_if_upgraded' && done.some((d) => d.upgrade)) return { lay: false, upgrade: false };
	return { lay: true, upgrade: slot.upgrade };
}

/**
 * A cost reduction as the reference models it (ability `tile_discount`): with a terrain,
 * it takes `discount` off each printed cost of exactly that terrain; without one, it takes
 * `discount` off the lay's total. `hexes` limits it to those hexes.
 * E.g. P10 { terrain: 'swamp', discount: 10 }; P8 { terrain: 'mountain', discount: 20 }.
 */
export interface TileDiscount {
	readonly terrain: string | null;
	readonly discount: number;
	readonly hexes: readonly string[] | null;
}

export interface LayCostModifiers {
	readonly discounts?: readonly TileDiscount[];
	/** P10's use: £40 off the lay's estuary crossings; the lay must cross one. */
	readonly estuaryDiscount?: number;
	/** A free lay (P8's token option, P21): terrain and borders waived. */
	readonly free?: boolean;
}

export interface LayCost {
	readonly terrain: number;
	readonly borders: number;
	readonly total: number;
}

export function layCost(
	hex: HexId,
	oldCosts: readonly TerrainCost[],
	borderCosts: readonly number[],
	mods: LayCostModifiers = {}
): Result<LayCost, RuleError> {
	const applies = (d: TileDiscount) => d.hexes === null || d.hexes.includes(hex);
	const discounts = (mods.discounts ?? []).filter(applies);
	let terrain = 0;
	for (const u of oldCosts) {
		let c = u.cost;
		const kinds = [...new Set(u.terrains)];
		for (const d of discounts) if (d.terrain !== null && kinds.length === 1 && kinds[0] === d.terrain) c -= d.discount;
		terrain += c;
	}
	let borders = borderCosts.reduce((a, b) => a + b, 0);
	if (mods.estuaryDiscount !== undefined) {
		if (borders === 0) return refuse('no_estuary_crossing', 'This lay must cross an estuary.');
		borders -= mods.estuaryDiscount;
	}
	if (mods.free) return ok({ terrain: 0, borders: 0, total: 0 });
	let total = terrain + borders;
	const flat = discounts.filter((d) => d.terrain === null).reduce((a, d) => a + d.discount, 0);
	total -= Math.min(Math.max(total, 0), flat);
	return ok({ terrain, borders, total });
}
