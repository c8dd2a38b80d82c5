/**
 * 1822's exceptions to the generic upgrade test [reference g_1822/game.rb upgrades_to?;
 * rules digest 5.3 "Special upgrades", 10.2 P2]:
 * - Swansea (D35) is printed white with a city and a town; it only becomes tile 57, and the
 *   town is dropped (the rotation is restricted separately, see `swanseaRotationAllowed`).
 * - A town track tile may be replaced by a plain track tile one colour up: the town is
 *   removed. The test accepts it for any lay; only P2's lay may actually use it, because a
 *   normal lay must keep every town (checked when the lay is validated).
 * - The London (L), Birmingham/Manchester (BM), Y, Cardiff (C), English Channel (EC) and
 *   the S/T future labels follow from the generic label rule: the labels are in the data.
 */
import type { HexId } from '../../../core/ids';
import type { TileDef } from '../../../core/tile';
import { genericUpgradeRefusal, isNextColor, type LaidTile, type UpgradeRefusal } from '../../../core/upgrade';

export const SWANSEA_HEX = 'D35';
export const SWANSEA_YELLOW_TILE = '57';
/** Tile 57 on Swansea: only the rotations that join the city to the open sides. */
export const SWANSEA_ROTATIONS: readonly number[] = [2, 5];

/** Plain track tiles and town track tiles, for the town-removal upgrade [g_1822/game.rb TRACK_PLAIN, TRACK_TOWN]. */
export const TRACK_PLAIN: readonly string[] = ['7', '8', '9', '80', '81', '82', '83', '544', '545', '546', '60', '169'];
export const TRACK_TOWN: readonly string[] = ['3', '4', '58', '141', '142', '143', '144', '767', '768', '769', 'X17'];

export const UPGRADE_KINDS = ['normal', 'town_removal', 'swansea'] as const;
export type UpgradeKind = (typeof UPGRADE_KINDS)[number];

export type UpgradeVerdict =
	| { readonly ok: true; readonly kind: UpgradeKind }
	| { readonly ok: false; readonly refusal: UpgradeRefusal | 'swansea' };

/**
 * May `to` replace `from` on `hex` (ignoring the phase, rotations and connection)?
 * `hex` is null for a catalogue tile not on the map. `special`: a private company's lay
 * (P2's town removal on a white hex, P11 …), for which only colour and track are checked
 * [reference base.rb upgrades_to? `special`].
 */
export function g1822Upgrade(
	hex: HexId | string | null,
	from: LaidTile,
	to: TileDef,
	opts: { special?: boolean } = {}
): UpgradeVerdict {
	if (hex === SWANSEA_HEX && from.def.color === 'white') {
		return to.name === SWANSEA_YELLOW_TILE ? { ok: true, kind: 'swansea' } : { ok: false, refusal: 'swansea' };
	}
	const generic = genericUpgradeRefusal(from, to, opts);
	if (generic === null) return { ok: true, kind: 'normal' };
	if (TRACK_TOWN.includes(from.def.name) && TRACK_PLAIN.includes(to.name) && isNextColor(from.def, to)) {
		return { ok: true, kind: 'town_removal' };
	}
	return { ok: false, refusal: generic };
}

export function g1822UpgradesTo(hex: HexId | string | null, from: LaidTile, to: TileDef): boolean {
	return g1822Upgrade(hex, from, to).ok;
}
