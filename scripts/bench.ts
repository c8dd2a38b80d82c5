/**
 * Replay time of each shared reference game: one warm-up run, then the median of several runs,
 * printed as JSON. No assertion on time. The games are read from ../shared/reference (relative
 * to the project root); without it the benchmark says so and exits.
 *
 *   npm run bench [-- --runs N]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { replayExport } from '../src/lib/interop/replay';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = path.resolve(projectRoot, '../shared/reference/fixtures');

function median(xs: number[]): number {
	const s = [...xs].sort((a, b) => a - b);
	const m = Math.floor(s.length / 2);
	return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function main(): void {
	const i = process.argv.indexOf('--runs');
	const runs = i > 0 ? Math.max(1, Number(process.argv[i + 1]) || 5) : 5;
	if (!existsSync(fixtures)) {
		process.stdout.write(JSON.stringify({ skipped: 'reference games not found at ../shared/reference' }) + '\n');
		return;
	}
	const games: Record<string, unknown> = {};
	for (const title of readdirSync(fixtures).sort())
		for (const f of readdirSync(path.join(fixtures, title)).sort()) {
			if (!f.endsWith('.json')) continue;
			const json = JSON.parse(readFileSync(path.join(fixtures, title, f), 'utf8'));
			const now = () => performance.now();
			const warm = replayExport(json, { now });
			const times: number[] = [];
			for (let r = 0; r < runs; r++) times.push(replayExport(json, { now }).ms);
			games[`${title}/${f}`] = {
				medianMs: Math.round(median(times) * 100) / 100,
				runs,
				actions: warm.actions,
				applied: warm.applied,
				stoppedAt: warm.stoppedAt ? warm.stoppedAt.actionId : null
			};
		}
	process.stdout.write(JSON.stringify({ node: process.version, games }, null, 2) + '\n');
}

main();
