/**
 * Hexes with rules of their own, per title [g_1822/game.rb constants; g_1822_nrs, g_1822_mrs
 * overrides; rules digest 5.3, 7.1, 12]. NRS has no English Channel and no France.
 */
export interface SpecialHexes {
	readonly london: string;
	readonly englishChannel: string | null;
	readonly france: string | null;
	/** Track restriction checks are skipped here [g_1822/step/tracker.rb check_track_restrictions!]. */
	readonly cardiff: string;
	/** At most one of the two tracks into F33 on edges 1 and 2 per OR [rules digest 7.1]. */
	readonly merthyrTydfilPontypool: string;
	/** Routes touching these may visit a hex twice [rules digest 7.1]. */
	readonly doubleHexes: readonly string[];
	/** White Swansea becomes tile 57 only (upgrades.ts). */
	readonly swansea: string;
}

const BASE: SpecialHexes = {
	london: 'M38',
	englishChannel: 'P43',
	france: 'Q44',
	cardiff: 'F35',
	merthyrTydfilPontypool: 'F33',
	doubleHexes: ['D35', 'F7', 'H21', 'H37'],
	swansea: 'D35'
};

export const SPECIAL_HEXES_1822: SpecialHexes = BASE;
export const SPECIAL_HEXES_NRS: SpecialHexes = { ...BASE, englishChannel: null, france: null };
export const SPECIAL_HEXES_MRS: SpecialHexes = BASE;
