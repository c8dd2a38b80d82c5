/**
 * Steps shared by the two-device session tests: delivering everything pending until the
 * sessions agree, and the usual start (Ann on the first device, Bob on the second).
 */
import type { GameSession } from '../../../src/lib/sync/session';
import type { Network } from './network';
import type { ToyState } from './toy-game';

export async function settle(net: Network, sessions: GameSession<ToyState>[]): Promise<void> {
	for (let i = 0; i < 4; i++) {
		net.flush(() => 0);
		await Promise.all(sessions.map((s) => s.refresh()));
	}
}

/**
 * Ann claims seat 0 on the first device and Bob seat 1 on the second; the first (the creator)
 * starts the game. Returns the seat that moves first, its device, and the other device.
 */
export async function startAnnAndBob(
	net: Network,
	sessions: GameSession<ToyState>[]
): Promise<{ mover: number; actor: GameSession<ToyState>; other: GameSession<ToyState> }> {
	const [host, guest] = sessions;
	await host.claim(0, 'Ann');
	await guest.claim(1, 'Bob');
	await settle(net, sessions);
	await host.start();
	await settle(net, sessions);
	const mover = host.view!.expected[0];
	const [actor, other] = mover === 0 ? [host, guest] : [guest, host];
	return { mover, actor, other };
}
