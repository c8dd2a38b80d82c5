import { it } from 'vitest';
import { process } from '../../src/lib/engine/index';
import { placeHome } from '../../src/lib/engine/titles/g1822/board-ops';
import { giveToCorporation, majorTurn } from './or-support';
it('x', () => {
	const s = majorTurn('LNWR', 'track', { phase: '3' });
	placeHome(s, 'LNWR');
	giveToCorporation(s, 'P2', 'LNWR');
	for (const [hex, tile, rot] of [['J21', '7-0', 0], ['H23', '7-0', 0], ['H23', '5-0', 3], ['I22', 'X2-0', 0], ['M36','7-0',0]] as const) {
		const r = process(s, { type: 'lay_tile', entity: 'P2', entity_type: 'company', hex, tile, rotation: rot });
		console.log(hex, tile, r.ok ? `ok P2closed=${r.value.companies.P2.closed} cash=${r.value.corporations.LNWR.cash}` : r.error.code + ' ' + r.error.message);
	}
	console.log(s.corporations.LNWR.cash);
});
