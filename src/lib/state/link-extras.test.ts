import { describe, expect, it } from 'vitest';
import { extrasSuffix, linkWithExtras, mergeExtras, splitFragment, transportWith } from './link-extras';

const SECRET = 'kL3v0Zr9s7QdW1xYbT5nEa2uHc8mJpFg6oRiVtNy4eU';
const TURN = 'turn:turn.example.org:3478?username=rails&credential=p%26ss';

describe('relay and STUN/TURN servers in the link', () => {
	it('round-trips through the fragment, after the secret', () => {
		const extras = { relays: ['wss://relay.example.org/signal'], ice: [TURN] };
		const link = linkWithExtras(`https://a.example/game/${'0'.repeat(64)}#${SECRET}`, extras);
		const fragment = new URL(link).hash;
		const split = splitFragment(fragment);
		expect(split.secret).toBe(SECRET);
		expect(split.extras.relays).toEqual(['wss://relay.example.org/signal']);
		expect(split.extras.ice).toEqual([TURN]);
		expect(extrasSuffix(split.extras)).toBe(fragment.slice(1 + SECRET.length));
	});

	it('a bare secret has no extras; unreadable ones are dropped, the secret kept', () => {
		expect(splitFragment(`#${SECRET}`)).toEqual({ secret: SECRET, extras: { relays: [], ice: [] } });
		expect(extrasSuffix({ relays: [], ice: [] })).toBe('');
		const bad = splitFragment(`${SECRET}&relay=http%3A%2F%2Fx&ice=turn%3Ahost%3A1&other=1`);
		expect(bad).toEqual({ secret: SECRET, extras: { relays: [], ice: [] } });
	});

	it("the link's servers come before this browser's own, without duplicates", () => {
		const own = { signaling: ['wss://own.example/signal'], iceServers: [{ urls: 'stun:stun.example.org:3478' }] };
		const t = transportWith(own, { relays: ['wss://relay.example.org/signal', 'wss://own.example/signal'], ice: [TURN, 'stun:stun.example.org:3478'] });
		expect(t.signaling).toEqual(['wss://relay.example.org/signal', 'wss://own.example/signal']);
		expect(t.iceServers).toEqual([{ urls: 'turn:turn.example.org:3478', username: 'rails', credential: 'p&ss' }, { urls: 'stun:stun.example.org:3478' }]);
		expect(mergeExtras({ relays: ['wss://a/'], ice: [] }, { relays: ['wss://a/', 'wss://b/'], ice: [TURN] })).toEqual({ relays: ['wss://a/', 'wss://b/'], ice: [TURN] });
	});
});
