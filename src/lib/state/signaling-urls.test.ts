import { describe, expect, it } from 'vitest';
import { defaultSignalingUrl, normaliseSignalingUrl, parseSignalingUrls } from './signaling-urls';

describe('default signaling relay: the app’s own origin at /signal', () => {
	it('uses ws:// for a page served over http', () => {
		expect(defaultSignalingUrl({ protocol: 'http:', host: '127.0.0.1:4173' })).toBe('ws://127.0.0.1:4173/signal');
	});

	it('uses wss:// for a page served over https (browsers block ws:// from https pages)', () => {
		expect(defaultSignalingUrl({ protocol: 'https:', host: 'rails.example.org' })).toBe('wss://rails.example.org/signal');
	});

	it('keeps an IPv6 host as given', () => {
		expect(defaultSignalingUrl({ protocol: 'http:', host: '[::1]:8080' })).toBe('ws://[::1]:8080/signal');
	});
});

describe('user-entered relays', () => {
	it('accepts ws:// and wss:// URLs only', () => {
		expect(normaliseSignalingUrl(' wss://signal.example.org ')).toBe('wss://signal.example.org/');
		expect(normaliseSignalingUrl('ws://10.0.0.2:4444/signal')).toBe('ws://10.0.0.2:4444/signal');
		expect(normaliseSignalingUrl('https://signal.example.org')).toBeNull();
		expect(normaliseSignalingUrl('signal.example.org')).toBeNull();
		expect(normaliseSignalingUrl('')).toBeNull();
	});

	it('refuses credentials in the URL and drops a fragment', () => {
		expect(normaliseSignalingUrl('wss://user:pw@signal.example.org')).toBeNull();
		expect(normaliseSignalingUrl('wss://signal.example.org/x#frag')).toBe('wss://signal.example.org/x');
	});

	it('drops invalid entries and duplicates, keeping the order', () => {
		expect(
			parseSignalingUrls(['wss://b.example.org', 42, 'nope', 'wss://a.example.org', ' wss://b.example.org/ '])
		).toEqual(['wss://b.example.org/', 'wss://a.example.org/']);
	});
});
