// Reading a game file chosen by the player: from text to a replayed game, with a message for
// every way the file can be wrong. Nothing here stores anything; a failed import changes nothing.
import { replayExport, type ReplayReport } from '$lib/interop/replay';

export type ImportOutcome =
	| { readonly ok: true; readonly report: ReplayReport; readonly names: ReadonlyMap<number, string> }
	| { readonly ok: false; readonly message: string };

export function describeJsonError(text: string, error: unknown): string {
	const detail = error instanceof Error ? error.message : String(error);
	if (text.trim() === '') return 'The file is empty.';
	// An object or list that never closes was cut short, whatever the parser's own words for it.
	if (/^\s*[{[]/.test(text) && !/[}\]]\s*$/.test(text)) {
		return `The file ends too early: it looks truncated (${detail}).`;
	}
	return `The file is not valid JSON (${detail}).`;
}

/** Parses and replays an 18xx.games export held in `text`. */
export function importGameText(text: string, now?: () => number): ImportOutcome {
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch (error) {
		return { ok: false, message: describeJsonError(text, error) };
	}
	const report = replayExport(json, now ? { now } : {});
	if (report.error && report.applied === 0 && report.title === '') {
		return { ok: false, message: report.error.message };
	}
	const names = new Map<number, string>();
	const players = (json as { players?: unknown }).players;
	if (Array.isArray(players)) {
		for (const p of players as { id?: unknown; name?: unknown }[]) {
			if (typeof p?.id === 'number') names.set(p.id, typeof p.name === 'string' ? p.name : `Player ${p.id}`);
		}
	}
	return { ok: true, report, names };
}
