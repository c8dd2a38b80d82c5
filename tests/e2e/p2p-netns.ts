// A private network namespace for the two-browser test: a fresh namespace with only `lo` and a
// veth pair whose two ends both stay inside it, on a /30 that exists nowhere else. No interface
// leads outside it, so the browsers can reach each other and our relay, and nothing more.
import { execFileSync } from 'node:child_process';

export interface Namespace {
	readonly name: string;
	/** The server listens here; the browsers reach it here. */
	readonly hostAddr: string;
	readonly peerAddr: string;
	/** Prefix for running a command inside the namespace. */
	readonly exec: readonly string[];
	remove(): void;
}

function ip(args: string[]): void {
	execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function reason(e: unknown): string {
	const err = e as { stderr?: Buffer; message?: string };
	const text = err.stderr?.toString().trim() || err.message || String(e);
	return text.split('\n')[0];
}

/**
 * Null when this process may create a network namespace, else one line saying why not: checked
 * up front (by creating and deleting an empty one) so a test that needs one is reported as not
 * run at once, instead of failing after a long run.
 */
export function namespaceUnsupported(): string | null {
	if (typeof process.getuid === 'function' && process.getuid() !== 0) {
		return 'it needs root (or CAP_SYS_ADMIN and CAP_NET_ADMIN) to create a private network namespace; run it as root, e.g. with sudo';
	}
	const probe = `rails-probe-${process.pid}-${Date.now().toString(36)}`;
	try {
		ip(['netns', 'add', probe]);
	} catch (e) {
		return `this machine refused to create a private network namespace ("ip netns add": ${reason(e)}); it needs root with iproute2 installed`;
	}
	try {
		ip(['netns', 'delete', probe]);
	} catch {
		// Deleted by someone else: nothing left to clean.
	}
	return null;
}

/** Throws one clear line when the machine refuses (no CAP_SYS_ADMIN, no iproute2). */
export function createNamespace(): Namespace {
	const name = `rails-p2p-${process.pid}-${Date.now().toString(36)}`;
	const [a, b] = ['p2pa', 'p2pb'];
	const hostAddr = '10.213.7.1';
	const peerAddr = '10.213.7.2';
	try {
		ip(['netns', 'add', name]);
	} catch (e) {
		throw new Error(
			`The two-browser test must create a private network namespace ("ip netns add"), and this machine refused: ${reason(e)}. Run it as root (or with CAP_SYS_ADMIN and CAP_NET_ADMIN) with iproute2 installed.`
		);
	}
	const remove = () => {
		try {
			// Deleting the namespace deletes the veth pair inside it.
			ip(['netns', 'delete', name]);
		} catch {
			// Already gone.
		}
	};
	try {
		ip(['-n', name, 'link', 'set', 'lo', 'up']);
		ip(['-n', name, 'link', 'add', a, 'type', 'veth', 'peer', 'name', b]);
		ip(['-n', name, 'addr', 'add', `${hostAddr}/30`, 'dev', a]);
		ip(['-n', name, 'addr', 'add', `${peerAddr}/30`, 'dev', b]);
		ip(['-n', name, 'link', 'set', a, 'up']);
		ip(['-n', name, 'link', 'set', b, 'up']);
		// Without a media permission Chromium offers WebRTC host candidates only on the interface of
		// the default route, so the namespace gets one: onto its own veth, whose far end is also
		// inside it. The namespace has no link to anything else, so nothing leaves it.
		ip(['-n', name, 'route', 'add', 'default', 'dev', a]);
	} catch (e) {
		remove();
		throw new Error(`The private network namespace could not be set up: ${reason(e)}.`);
	}
	return { name, hostAddr, peerAddr, exec: ['ip', 'netns', 'exec', name], remove };
}

/** Whether a namespace of that name still exists (for the teardown check). */
export function namespaceExists(name: string): boolean {
	const list = execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' });
	return list.split('\n').some((line) => line.split(' ')[0] === name);
}
