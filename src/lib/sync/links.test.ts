import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deriveRoom, linkQrSvg, makeGameLink, makeSecret, parseGameLink } from './links';

const GAME = 'ab'.repeat(32);

describe('shared links', () => {
	it('a link has the form <origin>/game/<game id>#<secret> and parses back', () => {
		const secret = makeSecret();
		const link = makeGameLink('https://rails.example:8443/', GAME, secret);
		expect(link).toBe(`https://rails.example:8443/game/${GAME}#${secret}`);
		expect(parseGameLink(link)).toEqual({ ok: true, link: { origin: 'https://rails.example:8443', game: GAME, secret } });
	});

	it('round-trips any secret and origin (property)', () => {
		fc.assert(
			fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.constantFrom('http://localhost:5173', 'https://a.b'), (bytes, origin) => {
				const secret = Buffer.from(bytes).toString('base64url');
				const parsed = parseGameLink(makeGameLink(origin, GAME, secret));
				expect(parsed.ok && parsed.link.secret).toBe(secret);
			}),
			{ seed: 22, numRuns: 100 }
		);
	});

	it('a link without the secret cannot join', () => {
		expect(parseGameLink(`https://a.b/game/${GAME}`)).toEqual({ ok: false, error: 'missing_secret' });
		expect(parseGameLink(`https://a.b/game/${GAME}#`)).toEqual({ ok: false, error: 'missing_secret' });
		expect(parseGameLink(`https://a.b/game/${GAME}#short`)).toEqual({ ok: false, error: 'bad_secret' });
		expect(parseGameLink(`https://a.b/game/nothex#${makeSecret()}`)).toEqual({ ok: false, error: 'bad_game_id' });
		expect(parseGameLink('https://a.b/settings')).toEqual({ ok: false, error: 'not_a_game_link' });
		expect(parseGameLink('not a url')).toEqual({ ok: false, error: 'not_a_url' });
	});

	it('the room name and password are derived from the secret and never contain it', async () => {
		const secret = makeSecret();
		const a = await deriveRoom(secret, GAME);
		const again = await deriveRoom(secret, GAME);
		const otherGame = await deriveRoom(secret, 'cd'.repeat(32));
		const otherSecret = await deriveRoom(makeSecret(), GAME);
		expect(again).toEqual(a);
		expect(a.room).not.toContain(secret);
		expect(a.password).not.toBe(secret);
		expect(a.room.slice('rails-1822-'.length)).not.toBe(a.password);
		expect(otherGame.room).not.toBe(a.room);
		expect(otherSecret.room).not.toBe(a.room);
		expect(otherSecret.password).not.toBe(a.password);
	});

	it('the room keys are HKDF-SHA256 of the secret (pinned with Node crypto)', async () => {
		const { hkdfSync } = await import('node:crypto');
		const secret = Buffer.alloc(32, 7).toString('base64url');
		const expected = Buffer.from(
			hkdfSync('sha256', Buffer.alloc(32, 7), 'rails-1822/room/v1', `room-password\n${GAME}`, 32)
		).toString('base64url');
		expect((await deriveRoom(secret, GAME)).password).toBe(expected);
	});

	it('"copy link" comes with a QR code as SVG', async () => {
		const svg = await linkQrSvg(makeGameLink('https://a.b', GAME, makeSecret()));
		expect(svg.startsWith('<svg')).toBe(true);
		expect(svg).toContain('<path');
	});
});
