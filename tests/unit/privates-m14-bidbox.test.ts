/**
 * M14 (Metropolitan) acquired from a bid box, read from g_1822/step/minor_acquisition.rb
 * acquire_bank_minor (phase 5+, £200 to the bank; "replace" spends an exchange token on a token
 * due in a London city of the major's choice, with M14's £20 token ability) and
 * g_1822/step/pending_token.rb. Rules digest 5.7, 10.4.
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, process, type Action } from '../../src/lib/engine/index';
import { corporationId, hexId, tileId } from '../../src/lib/engine/core/ids';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { majorTurn } from './or-support';

const CORP = 'MR';

/**
 * MR (operated twice, £500) at its minor-acquisition step, with M14 first in the minor bid boxes.
 * MR has a station on M40 (tile 57 pointing into London's city 0, which LBSCR's home reserves).
 */
function position(phase: string): GameState {
	const s = majorTurn(CORP, 'minor_acquisition', { phase, operated: 2 });
	s.board = {
		...s.board,
		tiles: { ...s.board.tiles, M40: { tile: tileId('57-0'), rotation: 0 } },
		tokens: [...s.board.tokens, { hex: hexId('M40'), city: 0, corporation: corporationId(CORP), kind: 'normal' }]
	};
	s.corporations[CORP].charter[0].at = 'M40-0';
	s.corporations[CORP].cash = 500;
	s.companyOrder = ['M14', ...s.companyOrder.filter((c) => c !== 'M14')];
	s.minorBoxCache = ['M14', ...s.minorBoxCache.filter((c) => c !== 'M14').slice(0, 3)];
	return s;
}

const act = (type: string, extra: Record<string, unknown>): Action => ({ type, entity: CORP, entity_type: 'corporation', ...extra }) as unknown as Action;

function run(s: GameState, ...actions: Action[]): GameState {
	for (const a of actions) {
		const r = process(s, a);
		if (!r.ok) throw new Error(`${a.type}: ${r.error.code}`);
		s = r.value;
	}
	return s;
}

describe('M14 acquired from a bid box', () => {
	it('"replace" leaves a token due in London; it is placed in a London city for £20 and the turn moves on', () => {
		const s = run(position('5'), act('merge', { corporation: '14' }), act('choose', { choice: 'money' }), act('choose', { choice: 'replace' }));
		expect(s.corporations[CORP].cash).toBe(300);
		expect(s.corporations[CORP].exchangeTokens).toBe(2);
		expect(s.corporations['14'].closed).toBe(true);
		expect(s.companies.M14).toBeUndefined();
		// Only the London city MR's track reaches is offered, full or not (it takes an extra slot).
		const choices = operatingChoices(s)!;
		expect(choices.actions).toEqual(['place_token']);
		expect(choices.pendingTokens).toEqual([{ hex: 'M38', city: 0, cost: 20 }]);
		const blocked = process(s, act('pass', {}));
		expect(blocked.ok ? null : blocked.error.code).toBe('token_pending');
		const away = process(s, act('place_token', { city: 'M38-0-3', slot: 0 }));
		expect(away.ok ? null : away.error.code).toBe('not_connected');
		const placed = run(s, act('place_token', { city: 'M38-0-0', slot: 0 }));
		expect(placed.board.tokens.some((t) => t.hex === 'M38' && t.city === 0 && t.corporation === CORP)).toBe(true);
		expect(placed.corporations[CORP].cash).toBe(280);
		expect(placed.round.kind === 'operating' && placed.round.turn.step).not.toBe('minor_acquisition');
	});

	it('the London token is refused outside London', () => {
		const s = run(position('5'), act('merge', { corporation: '14' }), act('choose', { choice: 'money' }), act('choose', { choice: 'replace' }));
		const r = process(s, act('place_token', { city: '57-0-0', slot: 0 }));
		expect(r.ok ? null : r.error.code).toBe('hex_not_allowed');
	});

	it('before phase 5 a bid-box minor cannot be acquired', () => {
		// With nothing to acquire the step is not open at all.
		const r = process(position('4'), act('merge', { corporation: '14' }));
		expect(r.ok ? null : r.error.code).toBe('action_not_allowed');
	});
});
