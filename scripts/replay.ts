/**
 * Replay an 18xx.games export through the engine, optionally comparing every executed action
 * with a reference trace.
 *
 *   npm run -s replay -- FILE [--trace TRACE.jsonl] [--until ACTION_ID] [--live] [--json]
 *
 * --live replays in the engine's live mode (all live checks, route revenue computed, automatic
 * actions run by the engine and checked against the file's), for comparing with a trace of the
 * reference's live path.
 *
 * The last line of --json output is one JSON object. Exit code 0 only when the result matches
 * the file and there are no trace mismatches.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { replayExport, type ReplayReport } from '../src/lib/interop/replay';
import type { TraceLine } from '../src/lib/interop/trace';

interface Args {
	file: string;
	trace: string | null;
	until: number | undefined;
	json: boolean;
	live: boolean;
}

function usage(message: string): never {
	process.stderr.write(`${message}\nusage: replay FILE [--trace TRACE.jsonl] [--until ACTION_ID] [--live] [--json]\n`);
	process.exit(2);
}

function parseArgs(argv: string[]): Args {
	let file: string | null = null;
	let trace: string | null = null;
	let until: number | undefined;
	let json = false;
	let live = false;
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a === '--json') json = true;
		else if (a === '--live') live = true;
		else if (a === '--trace') trace = argv[++i] ?? usage('--trace needs a file');
		else if (a === '--until') {
			const v = Number(argv[++i]);
			if (!Number.isInteger(v)) usage('--until needs an action id');
			until = v;
		} else if (a.startsWith('--')) usage(`unknown option ${a}`);
		else if (file === null) file = a;
		else usage(`unexpected argument ${a}`);
	}
	if (!file) usage('missing FILE');
	return { file, trace, until, json, live };
}

export function readTrace(path: string): TraceLine[] {
	return readFileSync(path, 'utf8')
		.split('\n')
		.filter((l) => l.trim().length > 0)
		.map((l, i) => {
			try {
				return JSON.parse(l) as TraceLine;
			} catch {
				throw new Error(`${path}: line ${i + 1} is not JSON`);
			}
		});
}

export function summary(report: ReplayReport): Record<string, unknown> {
	return {
		title: report.title,
		mode: report.mode,
		players: report.players,
		actions: report.actions,
		applied: report.applied,
		result: report.result,
		expected: report.expected,
		match: report.match,
		finished: report.finished,
		endReason: report.endReason,
		traceMismatches: report.traceMismatches,
		traceCompared: report.traceCompared,
		firstMismatch: report.firstMismatch,
		stoppedAt: report.stoppedAt,
		autoMismatch: report.autoMismatch,
		ms: Math.round(report.ms * 10) / 10
	};
}

function main(): void {
	const args = parseArgs(process.argv.slice(2));
	let json: unknown;
	try {
		json = JSON.parse(readFileSync(args.file, 'utf8'));
	} catch (e) {
		usage(`cannot read ${args.file}: ${(e as Error).message}`);
	}
	const trace = args.trace ? readTrace(args.trace) : undefined;
	const report = replayExport(json, { trace, until: args.until, now: () => performance.now(), mode: args.live ? 'live' : 'import' });
	const out = summary(report);
	if (args.json) process.stdout.write(JSON.stringify(out) + '\n');
	else {
		const lines = [
			`${report.title}: ${report.players.length} players, ${report.actions} actions, ${report.applied} executed in ${out.ms} ms`,
			`result:   ${JSON.stringify(report.result)}`,
			`expected: ${JSON.stringify(report.expected)}  → ${report.match ? 'match' : 'no match'}`,
			`finished: ${report.finished} (${report.endReason ?? 'not ended'})`
		];
		if (args.trace)
			lines.push(
				`trace: ${report.traceMismatches} mismatching of ${report.traceCompared} compared` +
					(report.firstMismatch
						? `; first at action ${report.firstMismatch.actionId}, ${report.firstMismatch.path}: ours ${JSON.stringify(report.firstMismatch.ours)} vs theirs ${JSON.stringify(report.firstMismatch.theirs)}`
						: '')
			);
		if (report.stoppedAt)
			lines.push(
				`stopped at action ${report.stoppedAt.actionId} (${report.stoppedAt.type}): ${report.stoppedAt.code}: ${report.stoppedAt.message}`
			);
		if (report.autoMismatch) lines.push(`automatic actions differ first at action ${report.autoMismatch.actionId}: ${report.autoMismatch.message}`);
		process.stdout.write(lines.join('\n') + '\n');
	}
	process.exitCode = report.match && report.traceMismatches === 0 ? 0 : 1;
}

main();
