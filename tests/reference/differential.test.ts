/**
 * The differential cases (../shared/reference/differential): games this engine once played live
 * that the reference engine judged differently. Each is replayed here the way the site's server
 * takes a live game (tests/support/live-replay.ts): this engine must accept every action the
 * reference accepted and refuse, with a code, the one it refused; after each accepted action its
 * state must equal the reference's trace line on every field, where the case has a trace. The
 * verdicts below are the reference's own (tobymao/18xx, live `process_action` with every check on).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareWithTrace, type TraceLine } from '../../src/lib/interop/trace';
import { exportRefusal, exportTo18xx } from '../../src/lib/interop/export-18xx';
import { bidBoxes, Game, type Action } from '../../src/lib/engine/index';
import { parseExport } from '../../src/lib/interop/parse-export';
import { liveReplay } from '../support/live-replay';
import { referenceDir } from '../support/reference-games';

const dir = path.join(referenceDir, 'differential');
const present = existsSync(dir);

/** The reference's verdict per case: the id of the action it refused (null: it accepted them all), and why. */
const VERDICTS: Record<string, { refusedAt: number | null; reference: string }> = {
	'01_housekeeping_then_lay_tile': { refusedAt: 19, reference: 'Blocking step Buy Trains cannot process action lay_tile' },
	'02_m14_home_token_missing': { refusedAt: 44, reference: 'Blocking step Place Home Token cannot process action buy_train' },
	'03_zero_revenue_local_route': { refusedAt: 18, reference: 'Route must contain token' },
	'04_p9_inconsequential_choice': { refusedAt: 36, reference: 'Auto actions do not match' },
	'08_debt_payoff_to_zero_ours': { refusedAt: 76, reference: 'Blocking step Bid, convert concession or buy/sell shares cannot process action pass' },
	'08b_same_without_the_pass_reference': { refusedAt: null, reference: 'accepted every action' },
	'09_implicit_skip_no_price_drop': { refusedAt: 19, reference: 'Blocking step Buy Trains cannot process action lay_tile' },
	'09b_same_with_explicit_passes': { refusedAt: 19, reference: 'Blocking step Buy Trains cannot process action lay_tile' },
	'09c_reference_side_with_required_passes': { refusedAt: null, reference: 'accepted every action' },
	'10_emergency_buy_implicit_vs_explicit': { refusedAt: 122, reference: 'Auto actions do not match' },
	'10b_same_plus_explicit_pass': { refusedAt: 122, reference: 'Auto actions do not match' },
	'11_p11_lays_yellow_tile_ours': { refusedAt: 35, reference: 'Route must contain token' },
	'11_p11_lays_yellow_tile_reference': { refusedAt: 112, reference: 'P11-B&ER (Adv. Tile Lay) does not have an ability that allows them to lay this tile' },
	'12_p8_choice_then_acquire_ours_full_game': { refusedAt: 54, reference: 'Auto actions do not match' },
	'12_p8_choice_then_acquire_reference': { refusedAt: 117, reference: 'Blocking step Lay/Upgrade Track cannot process action acquire_company' },
	'13_major_passes_dividend_revenue_lost': { refusedAt: 80, reference: 'Blocking step Bid, convert concession or buy/sell shares cannot process action pass' },
	'13b_reference_side': { refusedAt: 180, reference: 'Blocking step Pay or Withhold Dividends cannot process action pass' },
	'14_stub_ignored_unowned_consent_right_ours': { refusedAt: 53, reference: 'Auto actions do not match' },
	'14_stub_ignored_unowned_consent_right_reference': { refusedAt: 84, reference: 'M36 is not legally rotated for 4' },
	'15_issue_without_share_price_ours': { refusedAt: null, reference: 'accepted every action' },
	'15_issue_without_share_price_reference': { refusedAt: null, reference: 'accepted every action' },
	'15b_issue_with_share_price_45_reference': { refusedAt: null, reference: 'accepted every action' },
	'16_track_step_stays_open_p8_discount_ours': { refusedAt: 30, reference: 'Blocking step Run Routes cannot process action pass' },
	'16_track_step_stays_open_p8_discount_reference': { refusedAt: null, reference: 'accepted every action' },
	'17_swansea_internal_route_one_ours': { refusedAt: null, reference: 'accepted every action' },
	'17_swansea_internal_route_one_reference': { refusedAt: null, reference: 'accepted every action' },
	'17_swansea_internal_route_two_ours': { refusedAt: 137, reference: 'Route must contain token' },
	'17_swansea_internal_route_two_reference': { refusedAt: 137, reference: 'Route must contain token' }
};

/** The reference's state after each action, for the cases that have one. */
const TRACES: Record<string, string> = {
	'09_implicit_skip_no_price_drop': '09_implicit_skip_no_price_drop.ref.jsonl',
	'09b_same_with_explicit_passes': '09b_same_with_explicit_passes.ref.jsonl',
	'09c_reference_side_with_required_passes': '09c.ref.jsonl',
	'15_issue_without_share_price_reference': '15.ref.jsonl',
	'15b_issue_with_share_price_45_reference': '15b.ref.jsonl',
	'16_track_step_stays_open_p8_discount_reference': '16.ref.jsonl'
};

const read = (name: string): unknown => JSON.parse(readFileSync(path.join(dir, name), 'utf8'));

describe.skipIf(!present)('differential cases: this engine in live play judges each action as the reference does', () => {
	it('every case in the folder has the reference verdict here (a new case must be added)', () => {
		const files = listCases();
		expect(files.filter((f) => !(f in VERDICTS) && f !== '05_sw_peninsula_bidbox')).toEqual([]);
	});

	for (const [name, verdict] of Object.entries(VERDICTS)) {
		it(`${name}: ${verdict.refusedAt === null ? 'accepts every action' : `refuses action ${verdict.refusedAt}, as the reference does ("${verdict.reference}")`}`, () => {
			const r = liveReplay(read(`${name}.json`), { keepStates: name in TRACES });
			const actions = (read(`${name}.json`) as { actions: { id: number }[] }).actions;
			if (verdict.refusedAt === null) {
				expect(r.refused).toBeNull();
				expect(r.steps.length).toBe(actions.length);
			} else {
				expect(r.refused?.id).toBe(verdict.refusedAt);
				expect(r.refused?.code).toMatch(/^[a-z_]+$/);
				expect(r.steps.length).toBe(actions.findIndex((a) => a.id === verdict.refusedAt));
			}
			const traceFile = TRACES[name];
			if (!traceFile) return;
			const lines = readFileSync(path.join(dir, traceFile), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as TraceLine);
			expect(lines.length).toBe(r.steps.length);
			const differences = lines.flatMap((line, i) => {
				const d = compareWithTrace(r.steps[i].state, line);
				return d ? [{ id: line.id, ...d }] : [];
			});
			expect(differences).toEqual([]);
		});
	}

	it('04: the last pass of the stock round brings the automatic P9 pass the reference expects, and the export carries it', () => {
		const json = read('04_p9_inconsequential_choice.json') as { actions: Action[] };
		const prefix = { ...json, actions: json.actions.slice(0, 36) };
		const ex = parseExport(prefix);
		if (!ex.ok) throw new Error(ex.error.message);
		const created = Game.create({ title: ex.value.title, players: ex.value.players, seed: ex.value.seed, optionalRules: ex.value.optionalRules, mode: 'live' });
		if (!created.ok) throw new Error(created.error.message);
		for (const a of ex.value.actions) expect(created.value.process(a).ok).toBe(true);
		const file = exportTo18xx({ id: 'x', title: ex.value.title, players: ex.value.players, seed: ex.value.seed, optionalRules: ex.value.optionalRules, actions: ex.value.actions.map((a) => ({ action: playedHere(a) })), now: 0 });
		const last = file.actions[file.actions.length - 1] as { type: string; auto_actions?: { type: string; entity: unknown; entity_type: string }[] };
		expect(last.type).toBe('pass');
		// The reference's Choose step passes for the P9 holder (player 2) [g_1822/step/choose.rb auto_actions].
		expect(last.auto_actions?.map(({ type, entity, entity_type }) => ({ type, entity, entity_type }))).toEqual([{ type: 'pass', entity: 2, entity_type: 'player' }]);
	});

	it('05 (the reference\'s bug): with sw_peninsula the bid boxes follow the option (M22, not M9), and export says why the site cannot take the game', () => {
		// The reference does not implement the option: it deals M9 and crashes on a bid for M22
		// ("comparison of Integer with nil failed"). Our reading of the option stands.
		const ex = parseExport(read('05_sw_peninsula_bidbox.json'));
		if (!ex.ok) throw new Error(ex.error.message);
		const created = Game.create({ title: ex.value.title, players: ex.value.players, seed: ex.value.seed, optionalRules: ex.value.optionalRules, mode: 'live' });
		if (!created.ok) throw new Error(created.error.message);
		expect(bidBoxes(created.value.state as never).slice(0, 4)).toEqual(['M24', 'M21', 'M22', 'M13']);
		expect(exportRefusal(ex.value.optionalRules)).toMatch(/18xx\.games does not implement the option .*sw_peninsula/);
		expect(exportRefusal(['plus_expansion'])).toBeNull();
	});
});

/** The action as this app's log holds it: no site time stamp, no recorded automatic actions. */
function playedHere(a: Action): Action {
	const { created_at: _t, auto_actions: _a, ...rest } = a;
	return rest as Action;
}

function listCases(): string[] {
	const names = new Set<string>();
	for (const f of readdirSync(dir)) if (f.endsWith('.json')) names.add(f.replace(/\.json$/, ''));
	return [...names].sort();
}
