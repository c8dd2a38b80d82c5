/**
 * The action fuzzer (issue 12): applies seeded mutations of real and random actions to states
 * from the shared recorded games (when ../shared/reference is present) and fresh games of every
 * title, and prints a JSON summary: actions tried, accepted, refusals by code, and every failure
 * with its seed, case index and smallest reproducing log.
 *
 *   npm run -s fuzz -- --actions N --seed S
 *
 * Exit code 0 only when no fuzzed action failed.
 */
import { performance } from 'node:perf_hooks';
import { referenceGames, referencePresent } from '../tests/support/reference-games';
import { runFuzz } from '../tests/support/fuzz/runner';

function usage(message: string): never {
	process.stderr.write(`${message}\nusage: fuzz --actions N --seed S\n`);
	process.exit(2);
}

function parseArgs(argv: string[]): { actions: number; seed: number } {
	let actions = 1000;
	let seed = 1;
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		const v = Number(argv[i + 1]);
		if (a === '--actions') {
			if (!Number.isInteger(v) || v < 0) usage('--actions needs a whole number');
			actions = v;
			i++;
		} else if (a === '--seed') {
			if (!Number.isInteger(v)) usage('--seed needs a whole number');
			seed = v;
			i++;
		} else if (a === '--games') usage('--games (random whole games) is not implemented yet');
		else usage(`unknown argument ${a}`);
	}
	return { actions, seed };
}

function main(): void {
	const args = parseArgs(process.argv.slice(2));
	if (!referencePresent) process.stderr.write('reference games not found at ../shared/reference; fuzzing fresh games only\n');
	const t0 = performance.now();
	const summary = runFuzz({ ...args, games: referenceGames(), now: () => performance.now() });
	process.stdout.write(JSON.stringify({ ...summary, ms: Math.round(performance.now() - t0) }) + '\n');
	process.exitCode = summary.failures.length === 0 ? 0 : 1;
}

main();
