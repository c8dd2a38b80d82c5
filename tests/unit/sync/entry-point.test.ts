import { describe, expect, it } from 'vitest';

describe('sync entry point', () => {
	it('loads outside the browser (server rendering imports it), exposing the small public interface', async () => {
		const sync = await import('../../../src/lib/sync/index');
		expect(typeof sync.openGame).toBe('function');
		expect(typeof sync.createGame).toBe('function');
		expect(typeof sync.parseGameLink).toBe('function');
		expect(typeof sync.GameSession.open).toBe('function');
	});
});
