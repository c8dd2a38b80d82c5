/**
 * The route finder against real play: for every executed `run_routes` of the recorded games
 * (../shared/reference) that today's rules accept, the finder's best run for the same
 * company, trains and board earns at least what the players ran. Runs recorded under older
 * E-train rules are skipped (they are listed, with the reason, in routes-oracle.test.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateRun } from '../../src/lib/engine/titles/g1822/routes/run-revenue';
import { overlapClass } from '../../src/lib/engine/titles/g1822/routes/trains';
import { parseRecordedRoutes } from '../../src/lib/interop/routes';
import { findBestRoutes } from '../../src/lib/router/best-routes';
import { RouteGraph } from '../../src/lib/router/steps';
import { referenceRoot } from './map-reference';
import { RECORDED_GAMES, recordedRuns, runContext } from './routes-reference';

const gamesExist = existsSync(path.join(referenceRoot, 'traces'));

describe.skipIf(!gamesExist)('route finder on recorded positions: never worse than the players', () => {
	for (const g of RECORDED_GAMES) {
		it(`${g.title}/${g.game}`, () => {
			let compared = 0;
			let better = 0;
			const worse: string[] = [];
			const runs = recordedRuns(g);
			for (const run of runs) {
				const { rb, ctx } = runContext(g, run);
				const classes = new Map(run.trains.map((t) => [t.id as string, overlapClass(t)]));
				const parsed = parseRecordedRoutes(rb, ctx.corporation, run.routes, (t) => classes.get(t) ?? 'normal');
				if (!parsed.ok) continue;
				const played = evaluateRun(ctx, parsed.value);
				// runs today's rules refuse (older E-train rules) are not a fair comparison
				if (!played.ok) continue;
				const best = findBestRoutes(ctx, new RouteGraph(rb, g.special));
				compared++;
				if (best.revenue.total > played.value.total) better++;
				if (best.revenue.total < played.value.total) {
					worse.push(`${run.actionId} ${run.corporation}: finder ${best.revenue.total} < played ${played.value.total}`);
				}
			}
			console.log(`${g.game}: ${compared} recorded runs compared, the finder beats ${better} of them`);
			expect(worse, worse.join('\n')).toEqual([]);
			if (runs.length > 0) expect(compared).toBeGreaterThan(0);
		});
	}
});
