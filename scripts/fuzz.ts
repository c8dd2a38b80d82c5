/**
 * The action fuzzer (issue 12): applies seeded mutations of real and random actions to states
 * from the shared recorded games (when ../shared/reference is present) and fresh games of every
 * title, and prints a JSON summary: actions tried, accepted, refusals by code, and every failure
 * with its seed, case index and smallest reproducing log.
 *
 *   npm run -s fuzz -- --actions N --seed S
 *
 * With `--games N` it instead plays N whole random games (tests/support/random-player.ts) across
 * titles, player counts and option sets, and prints their summary: games by end reason, actions,
 * refusals by code, and every failure with its game seed and the end of its log.
 *
 * With `--export DIR` as well, every random game (its applied actions, up to an end, a failure or
 * the cap) is written to DIR as an 18xx.games export, for judging by the reference engine
 * (the reference run live, outside the project). A game that used an option the site does not
 * implement (sw_peninsula) is not written: a line on stderr names it and says why. A game the
 * site may stop for a fault of its own (interop/site-hazards.ts) is written, and a
 * line on stderr gives the warning the app's export shows.
 *
 * Exit code 0 only when no fuzzed action failed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { referenceGames, referencePresent } from '../tests/support/reference-games';
import { runFuzz } from '../tests/support/fuzz/runner';
import { runRandomGames, type GameResult } from '../tests/support/random-player';
import { randomGameExport } from '../tests/support/random-export';

function usage(message: string): never {
	process.stderr.write(`${message}\nusage: fuzz --actions N --seed S | fuzz --games N --seed S [--full-logs] [--export DIR]\n`);
	process.exit(2);
}

interface Args {
	actions: number;
	seed: number;
	games: number | null;
	fullLogs: boolean;
	exportDir: string | null;
}

function parseArgs(argv: string[]): Args {
	let actions = 1000;
	let seed = 1;
	let games: number | null = null;
	let fullLogs = false;
	let exportDir: string | null = null;
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
		} else if (a === '--games') {
			if (!Number.isInteger(v) || v < 0) usage('--games needs a whole number');
			games = v;
			i++;
		} else if (a === '--full-logs') fullLogs = true;
		else if (a === '--export') {
			exportDir = argv[i + 1] ?? usage('--export needs a folder');
			i++;
		} else usage(`unknown argument ${a}`);
	}
	if (exportDir !== null && games === null) usage('--export needs --games');
	return { actions, seed, games, fullLogs, exportDir };
}

/** Writes one random game as an 18xx.games export, or says on stderr why it cannot go there. */
function writeExport(dir: string, index: number, r: GameResult): void {
	const out = randomGameExport(index, r);
	if (out.ok) {
		writeFileSync(join(dir, out.name), JSON.stringify(out.file) + '\n');
		if (out.warning) process.stderr.write(`${out.name} warning: ${out.warning}\n`);
	} else process.stderr.write(`${out.name} not written: ${out.refusal}\n`);
}

function main(): void {
	const args = parseArgs(process.argv.slice(2));
	if (args.games !== null) {
		const t0 = performance.now();
		const dir = args.exportDir;
		if (dir !== null) mkdirSync(dir, { recursive: true });
		let index = 0;
		const onGame = dir === null ? undefined : (r: GameResult) => writeExport(dir, index++, r);
		const summary = runRandomGames(args.games, args.seed, { fullLogs: args.fullLogs, onGame });
		process.stdout.write(JSON.stringify({ ...summary, ms: Math.round(performance.now() - t0) }) + '\n');
		process.exitCode = summary.failures.length === 0 && summary.stalled.length === 0 ? 0 : 1;
		return;
	}
	if (!referencePresent) process.stderr.write('reference games not found at ../shared/reference; fuzzing fresh games only\n');
	const t0 = performance.now();
	const summary = runFuzz({ actions: args.actions, seed: args.seed, games: referenceGames(), now: () => performance.now() });
	process.stdout.write(JSON.stringify({ ...summary, ms: Math.round(performance.now() - t0) }) + '\n');
	process.exitCode = summary.failures.length === 0 ? 0 : 1;
}

main();
