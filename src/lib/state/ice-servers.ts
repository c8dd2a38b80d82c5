// Pure helpers for the STUN/TURN servers the user may add in settings, passed to y-webrtc as
// `peerOpts.config.iceServers`. One server per line: `stun:host[:port]`, or
// `turn:host[:port]?username=u&credential=p` (`stuns:`/`turns:` for TLS; a TURN line may also
// carry `transport=udp|tcp`, the only parameter of the TURN URI itself, RFC 7065). By default
// there are none: on one network (or loopback) browsers reach each other by their host
// addresses, and only players behind different NATs need a STUN server, or a TURN relay.

/** The shape of an `RTCIceServer` the app writes (one URL each). */
export interface IceServer {
	readonly urls: string;
	readonly username?: string;
	readonly credential?: string;
}

export type IceServerParse =
	| { readonly ok: true; readonly server: IceServer; /** The line as stored. */ readonly line: string }
	| { readonly ok: false; readonly reason: string };

const SCHEMES = ['stun', 'stuns', 'turn', 'turns'] as const;
type Scheme = (typeof SCHEMES)[number];

const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])$/;

function isScheme(s: string): s is Scheme {
	return (SCHEMES as readonly string[]).includes(s);
}

/** Splits `host[:port]`, the host possibly a bracketed IPv6 address. */
function hostPort(text: string): { host: string; port: number | null } | null {
	const m = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(text);
	if (!m || !HOST.test(m[1])) return null;
	if (m[2] === undefined) return { host: m[1], port: null };
	const port = Number(m[2]);
	return port >= 1 && port <= 65535 ? { host: m[1], port } : null;
}

/** Reads one line of the settings form; a refusal says what is wrong with it. */
export function parseIceServer(text: string): IceServerParse {
	const line = text.trim();
	const colon = line.indexOf(':');
	const scheme = colon > 0 ? line.slice(0, colon).toLowerCase() : '';
	if (!isScheme(scheme)) return { ok: false, reason: 'it must start with stun:, stuns:, turn: or turns:' };
	const rest = line.slice(colon + 1);
	if (rest.startsWith('//')) return { ok: false, reason: `write ${scheme}:host:port, without //` };
	const q = rest.indexOf('?');
	const address = hostPort(q < 0 ? rest : rest.slice(0, q));
	if (!address) return { ok: false, reason: 'the host or port is not valid' };
	const params = new URLSearchParams(q < 0 ? '' : rest.slice(q + 1));
	const username = params.get('username') ?? '';
	const credential = params.get('credential') ?? '';
	const transport = params.get('transport');
	const unknown = [...params.keys()].filter((k) => !['username', 'credential', 'transport'].includes(k));
	if (unknown.length > 0) return { ok: false, reason: `unknown parameter ${unknown[0]}` };
	const turn = scheme === 'turn' || scheme === 'turns';
	if (!turn && (params.has('username') || params.has('credential') || transport !== null)) {
		return { ok: false, reason: 'a STUN server takes no username, credential or transport' };
	}
	// Browsers refuse a TURN server without both (RTCPeerConnection throws InvalidAccessError).
	if (turn && (username === '' || credential === '')) return { ok: false, reason: 'a TURN server needs username= and credential=' };
	if (transport !== null && transport !== 'udp' && transport !== 'tcp') return { ok: false, reason: 'transport must be udp or tcp' };

	const urls = `${scheme}:${address.host}${address.port === null ? '' : `:${address.port}`}${transport ? `?transport=${transport}` : ''}`;
	if (!turn) return { ok: true, server: { urls }, line: urls };
	const stored = new URLSearchParams();
	if (transport) stored.set('transport', transport);
	stored.set('username', username);
	stored.set('credential', credential);
	return {
		ok: true,
		server: { urls, username, credential },
		line: `${scheme}:${address.host}${address.port === null ? '' : `:${address.port}`}?${stored.toString()}`
	};
}

/** Accepted lines (normalised, duplicates dropped, order kept) and refused ones with a reason. */
export function parseIceServerLines(values: readonly unknown[]): {
	readonly lines: string[];
	readonly servers: IceServer[];
	readonly refused: { readonly line: string; readonly reason: string }[];
} {
	const lines: string[] = [];
	const servers: IceServer[] = [];
	const refused: { line: string; reason: string }[] = [];
	for (const value of values) {
		if (typeof value !== 'string' || value.trim() === '') continue;
		const parsed = parseIceServer(value);
		if (!parsed.ok) refused.push({ line: value.trim(), reason: parsed.reason });
		else if (!lines.includes(parsed.line)) {
			lines.push(parsed.line);
			servers.push(parsed.server);
		}
	}
	return { lines, servers, refused };
}
