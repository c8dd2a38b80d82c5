/**
 * Vitest global setup: when the recorded games and reference data (../shared/reference beside
 * the project) are absent, say so in one line. The tests that need them are skipped, and Vitest
 * counts them as skipped, never as passed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export default function setup(): void {
	const reference = path.resolve(import.meta.dirname, '../../../shared/reference');
	if (existsSync(path.join(reference, 'fixtures')) && existsSync(path.join(reference, 'data'))) return;
	console.log(
		'Reference tests not run: ../shared/reference (recorded games, traces, map data) is not beside the project; they are reported as skipped.'
	);
}
