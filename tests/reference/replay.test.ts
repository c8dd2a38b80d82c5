/**
 * Replays each shared 18xx.games game up to its first operating-round action and checks the
 * state after every executed action against the reference engine's trace, on every field.
 * The games live in ../shared/reference (relative to the project root); without it this suite
 * is skipped with one line saying so.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayExport } from '../../src/lib/interop/replay';
import type { TraceLine } from '../../src/lib/interop/trace';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const referenceDir = path.resolve(projectRoot, '../shared/reference');
const present = existsSync(path.join(referenceDir, 'fixtures'));

function games(): { name: string; fixture: string; trace: string }[] {
	if (!present) return [];
	const out: { name: string; fixture: string; trace: string }[] = [];
	for (const title of readdirSync(path.join(referenceDir, 'fixtures')).sort())
		for (const f of readdirSync(path.join(referenceDir, 'fixtures', title)).sort())
			if (f.endsWith('.json'))
				out.push({
					name: `${title}/${f}`,
					fixture: path.join(referenceDir, 'fixtures', title, f),
					trace: path.join(referenceDir, 'traces', title, f.replace(/\.json$/, '.jsonl'))
				});
	return out;
}

function readTrace(file: string): TraceLine[] {
	return readFileSync(file, 'utf8')
		.split('\n')
		.filter((l) => l.trim())
		.map((l) => JSON.parse(l) as TraceLine);
}

/** Id of the first executed action taken while an operating round is running in the trace. */
function firstOperatingAction(trace: readonly TraceLine[]): number | null {
	let previous: TraceLine | null = null;
	for (const line of trace) {
		if (line.ap !== 1) continue;
		if (previous && String(previous.r).startsWith('Operating')) return line.id;
		previous = line;
	}
	return null;
}

describe.skipIf(!present)('shared reference games match the reference trace up to the first operating-round action', () => {
	for (const g of games()) {
		it(g.name, () => {
			const trace = readTrace(g.trace);
			const firstOr = firstOperatingAction(trace);
			const until = firstOr === null ? undefined : firstOr - 1;
			const report = replayExport(JSON.parse(readFileSync(g.fixture, 'utf8')), { trace, until });
			const executedBefore = trace.filter((l) => l.ap === 1 && (until === undefined || l.id <= until)).length;
			expect(report.stoppedAt).toBeNull();
			expect(report.firstMismatch).toBeNull();
			expect(report.traceMismatches).toBe(0);
			// Every executed line up to that point was compared, not skipped.
			expect(report.traceCompared).toBe(executedBefore);
			expect(report.traceCompared).toBeGreaterThan(0);
		});
	}

	it('the game ended by hand in its first stock round reaches the recorded result', () => {
		const g = games().find((x) => x.name === '1822/hs_lxemeslq_30797.json');
		expect(g).toBeDefined();
		const report = replayExport(JSON.parse(readFileSync(g!.fixture, 'utf8')), { trace: readTrace(g!.trace) });
		expect(report.finished).toBe(true);
		expect(report.endReason).toBe('manually_ended');
		expect(report.match).toBe(true);
		expect(report.traceMismatches).toBe(0);
	});
});

describe.skipIf(!present)('shared reference games replayed in full match every trace line and the recorded result', () => {
	for (const g of games()) {
		it(g.name, () => {
			const trace = readTrace(g.trace);
			const report = replayExport(JSON.parse(readFileSync(g.fixture, 'utf8')), { trace });
			expect(report.stoppedAt).toBeNull();
			expect(report.mismatches).toEqual([]);
			expect(report.traceCompared).toBe(trace.filter((l) => l.ap === 1).length);
			expect(report.finished).toBe(true);
			expect(report.match).toBe(true);
		});
	}
});
