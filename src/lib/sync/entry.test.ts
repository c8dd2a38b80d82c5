import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical';
import { decodeEntry, encodeBody, type Body } from './entry';

const GAME = '1'.repeat(64);
const body: Body = { v: 1, game: GAME, parent: GAME, seat: 1, action: { type: 'lay_tile', hex: 'H33', tile: '7-0', rotation: 2 }, rules: 'r1' };

describe('entries', () => {
	it('bodies are RFC 8785 canonical JSON: sorted keys, no spaces, shortest numbers', () => {
		expect(canonicalJson({ b: 1, a: [1e21, 0.5, 'x'] })).toBe('{"a":[1e+21,0.5,"x"],"b":1}');
	});

	it("an entry's id is the SHA-256 of its body's UTF-8 bytes", async () => {
		const { text, id } = await encodeBody({ ...body, action: { type: 'message', text: 'Grüß' } });
		expect(id).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
	});

	it('a well-formed body decodes to its kind', async () => {
		const { text, id } = await encodeBody(body);
		const r = await decodeEntry({ body: text, sig: 'x' });
		expect(r.ok && r.entry.id).toBe(id);
		expect(r.ok && r.entry.kind).toEqual({ kind: 'game', action: body.action });
	});

	it('a body that is not canonical is refused, even when its content is right', async () => {
		const text = JSON.stringify({ v: 1, seat: 1, game: GAME, parent: GAME, action: body.action, rules: 'r1' });
		expect(await decodeEntry({ body: text, sig: 'x' })).toMatchObject({ ok: false, code: 'not_canonical' });
	});

	it('mangled entries are refused with a reason', async () => {
		const cases: unknown[] = [
			null,
			{ body: 1, sig: 'x' },
			{ body: '[]', sig: 'x' },
			{ body: canonicalJson({ ...body, extra: 1 }), sig: 'x' },
			{ body: canonicalJson({ ...body, seat: -1 }), sig: 'x' },
			{ body: canonicalJson({ ...body, parent: 'abc' }), sig: 'x' },
			{ body: canonicalJson({ ...body, action: { type: 'undo', action_id: 5 } }), sig: 'x' },
			{ body: canonicalJson({ ...body, action: { type: 'consent', request: GAME } }), sig: 'x' },
			{ body: canonicalJson({ ...body, action: { type: 'start', claims: [] } }), sig: 'x' },
			{ body: canonicalJson({ ...body, action: { n: 1 } }), sig: 'x' }
		];
		for (const c of cases) {
			const r = await decodeEntry(c);
			expect(r.ok, JSON.stringify(c)).toBe(false);
			expect(!r.ok && r.message.length).toBeGreaterThan(0);
		}
	});
});
