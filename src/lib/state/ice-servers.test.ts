import { describe, expect, it } from 'vitest';
import { parseIceServer, parseIceServerLines } from './ice-servers';

describe('STUN/TURN server lines (one per line, as the settings form takes them)', () => {
	it('accepts stun:host:port and stun:host, stuns: for TLS, and an IPv6 host in brackets', () => {
		expect(parseIceServer(' stun:stun.example.org:3478 ')).toEqual({
			ok: true,
			server: { urls: 'stun:stun.example.org:3478' },
			line: 'stun:stun.example.org:3478'
		});
		expect(parseIceServer('stun:10.0.0.2')).toMatchObject({ ok: true, server: { urls: 'stun:10.0.0.2' } });
		expect(parseIceServer('STUNS:stun.example.org:5349')).toMatchObject({ ok: true, server: { urls: 'stuns:stun.example.org:5349' } });
		expect(parseIceServer('stun:[2001:db8::1]:3478')).toMatchObject({ ok: true, server: { urls: 'stun:[2001:db8::1]:3478' } });
	});

	it('takes a TURN server’s username and credential out of the line, keeping transport in its URL', () => {
		expect(parseIceServer('turn:turn.example.org:3478?username=u&credential=p')).toEqual({
			ok: true,
			server: { urls: 'turn:turn.example.org:3478', username: 'u', credential: 'p' },
			line: 'turn:turn.example.org:3478?username=u&credential=p'
		});
		expect(parseIceServer('turns:turn.example.org:443?credential=s%26cret&transport=tcp&username=ada')).toEqual({
			ok: true,
			server: { urls: 'turns:turn.example.org:443?transport=tcp', username: 'ada', credential: 's&cret' },
			line: 'turns:turn.example.org:443?transport=tcp&username=ada&credential=s%26cret'
		});
	});

	it('refuses a TURN server without both username and credential (browsers reject it)', () => {
		expect(parseIceServer('turn:turn.example.org:3478')).toEqual({ ok: false, reason: 'a TURN server needs username= and credential=' });
		expect(parseIceServer('turn:turn.example.org?username=u')).toMatchObject({ ok: false });
	});

	it('refuses other schemes, URLs with //, bad hosts and ports, and unknown or misplaced parameters', () => {
		expect(parseIceServer('https://turn.example.org')).toEqual({ ok: false, reason: 'it must start with stun:, stuns:, turn: or turns:' });
		expect(parseIceServer('wss://relay.example.org')).toMatchObject({ ok: false });
		expect(parseIceServer('turn.example.org:3478')).toMatchObject({ ok: false });
		expect(parseIceServer('stun://stun.example.org')).toEqual({ ok: false, reason: 'write stun:host:port, without //' });
		expect(parseIceServer('stun:bad host')).toEqual({ ok: false, reason: 'the host or port is not valid' });
		expect(parseIceServer('stun:stun.example.org:0')).toMatchObject({ ok: false });
		expect(parseIceServer('stun:stun.example.org:70000')).toMatchObject({ ok: false });
		expect(parseIceServer('stun:stun.example.org:34x')).toMatchObject({ ok: false });
		expect(parseIceServer('stun:stun.example.org?username=u')).toEqual({
			ok: false,
			reason: 'a STUN server takes no username, credential or transport'
		});
		expect(parseIceServer('turn:t.example.org?username=u&credential=p&ttl=9')).toEqual({ ok: false, reason: 'unknown parameter ttl' });
		expect(parseIceServer('turn:t.example.org?username=u&credential=p&transport=sctp')).toEqual({
			ok: false,
			reason: 'transport must be udp or tcp'
		});
	});

	it('a list keeps the order, drops blanks and duplicates, and reports each refused line with its reason', () => {
		const parsed = parseIceServerLines(['stun:a.example.org:3478', '', '  ', 'nope', 'stun:a.example.org:3478 ', 7, 'turn:t.example.org?username=u&credential=p']);
		expect(parsed.lines).toEqual(['stun:a.example.org:3478', 'turn:t.example.org?username=u&credential=p']);
		expect(parsed.servers).toEqual([
			{ urls: 'stun:a.example.org:3478' },
			{ urls: 'turn:t.example.org', username: 'u', credential: 'p' }
		]);
		expect(parsed.refused).toEqual([{ line: 'nope', reason: 'it must start with stun:, stuns:, turn: or turns:' }]);
	});
});
