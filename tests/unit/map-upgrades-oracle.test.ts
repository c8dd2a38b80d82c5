/**
 * The upgrade test against the reference's own answers: for every hex of every title,
 * the tiles accepted on its preprinted tile must be exactly `upgrade_candidates`; for
 * every catalogue tile, exactly `upgrades_to`, and the town-removal part exactly
 * `upgrades_to_only_by_town_removal` (../shared/reference/data/*.json, README sections
 * "hexes[]" and "tiles[]").
 */
import { describe, expect, it } from 'vitest';
import type { MapDef } from '../../src/lib/engine/core/board-map';
import { genericUpgradeRefusal, laid } from '../../src/lib/engine/core/upgrade';
import { MAP_1822 } from '../../src/lib/engine/titles/g1822/map/map-1822';
import { g1822Upgrade } from '../../src/lib/engine/titles/g1822/map/upgrades';
import { MAP_MRS } from '../../src/lib/engine/titles/g1822/scenarios/mrs/map';
import { MAP_NRS } from '../../src/lib/engine/titles/g1822/scenarios/nrs/map';
import { lazyTitle, referenceDataExists } from './map-reference';

const TITLES: readonly [file: string, map: MapDef][] = [
	['1822', MAP_1822],
	['1822-plus', MAP_1822],
	['1822NRS', MAP_NRS],
	['1822MRS', MAP_MRS]
];

describe.skipIf(!referenceDataExists)('upgrade oracle: upgrade_candidates and upgrades_to', () => {
	for (const [file, map] of TITLES) {
		const ref = lazyTitle(file);
		const manifest = [...map.tiles.values()];

		it(`${file}: every hex accepts exactly the reference's upgrade_candidates`, () => {
			let nonEmpty = 0;
			for (const h of ref.hexes) {
				const hex = map.byId.get(h.id as never)!;
				const from = laid(hex.tile, 0, hex.tile.futureLabel);
				const ours = manifest.filter((t) => g1822Upgrade(hex.id, from, t).ok).map((t) => t.name);
				expect(ours, h.id).toEqual(h.upgrade_candidates);
				if (ours.length > 0) nonEmpty++;
				if (h.upgrade_candidates_base_rules) {
					const base = manifest.filter((t) => genericUpgradeRefusal(from, t) === null).map((t) => t.name);
					expect(base, `${h.id} base rules`).toEqual(h.upgrade_candidates_base_rules);
				}
			}
			expect(nonEmpty).toBeGreaterThan(50);
		});

		it(`${file}: every catalogue tile upgrades to exactly the reference's upgrades_to`, () => {
			for (const t of ref.tiles) {
				const from = laid(map.tiles.get(t.name)!);
				const verdicts = manifest.map((to) => [to.name, g1822Upgrade(null, from, to)] as const);
				const ours = verdicts.filter(([, v]) => v.ok).map(([n]) => n);
				const removal = verdicts.filter(([, v]) => v.ok && v.kind === 'town_removal').map(([n]) => n);
				expect(ours, t.name).toEqual(t.upgrades_to);
				expect(removal, `${t.name} town removal`).toEqual(t.upgrades_to_only_by_town_removal);
			}
		});
	}
});
