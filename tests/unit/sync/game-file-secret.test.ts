/**
 * Issue 11, a game travels as a file: the file carries the game link's secret, so that the device
 * that opens it joins the same game (the same room) rather than keeping a copy of its own; files
 * written before the secret was added are still read, without one.
 */
import { describe, expect, it } from 'vitest';
import { GAME_FILE_FORMAT, gameFileText, readGameFile, writeGameFile } from '../../../src/lib/sync/game-file';
import { deriveRoom, makeSecret, parseGameLink } from '../../../src/lib/sync/links';
import { createTestGame, wires } from './harness';

describe('game file: the link secret', () => {
	it('a file written with the link secret gives it back, so the opening device derives the same room and password', async () => {
		const t = await createTestGame(2, { keySeed: 'secret-1' });
		const secret = makeSecret();
		const text = gameFileText(writeGameFile(t.game, wires(t.setup), secret));
		expect(JSON.parse(text).secret).toBe(secret);
		const read = await readGameFile(text);
		expect(read).toMatchObject({ ok: true, game: t.game, secret });
		if (!read.ok || read.secret === null) return;
		expect(await deriveRoom(read.secret, read.game)).toEqual(await deriveRoom(secret, t.game));
		const link = parseGameLink(`https://example.org/game/${read.game}#${read.secret}`);
		expect(link.ok).toBe(true);
	});

	it('a file of an earlier version, without a secret, is read as before, with no secret', async () => {
		const t = await createTestGame(2, { keySeed: 'secret-2' });
		// The shape written before the secret existed, spelled out rather than produced by the writer.
		const old = JSON.stringify({ format: GAME_FILE_FORMAT, version: 1, game: t.game, entries: wires(t.setup) });
		const read = await readGameFile(old);
		expect(read).toMatchObject({ ok: true, game: t.game, secret: null, rejected: [] });
		if (read.ok) expect(read.entries.length).toBe(t.setup.length);
		// And a file written without a secret has no secret field at all.
		expect('secret' in JSON.parse(gameFileText(writeGameFile(t.game, wires(t.setup))))).toBe(false);
	});

	it('a secret no link could carry is dropped; the entries are still read', async () => {
		const t = await createTestGame(2, { keySeed: 'secret-3' });
		for (const bad of ['short', 42, `${makeSecret()}/x`, '']) {
			const text = JSON.stringify({ format: GAME_FILE_FORMAT, version: 1, game: t.game, secret: bad, entries: wires(t.setup) });
			const read = await readGameFile(text);
			expect(read).toMatchObject({ ok: true, secret: null });
			if (read.ok) expect(read.entries.length).toBe(t.setup.length);
		}
	});

	it('the writer refuses a secret that is not a link secret', async () => {
		const t = await createTestGame(2, { keySeed: 'secret-4' });
		expect(() => writeGameFile(t.game, wires(t.setup), 'not-a-secret')).toThrow();
	});
});
