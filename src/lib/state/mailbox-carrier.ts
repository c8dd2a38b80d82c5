// Browser only: attaches the relay's encrypted mailbox (mailbox.ts) to a game the app opens, as a
// carrier of the sync layer (`carriers` of openGame). It fetches what was missed when the game is
// opened, when the browser comes back online and when the tab is shown again, and every
// `pollMs` while open; it posts each move of this device as it is made.
import type { CarrierContext, DocCarrier } from '../sync';
import { deriveMailboxKeys, mailboxBaseUrl, MailboxClient } from './mailbox';

/** How often an open game looks for moves made elsewhere when no peer is online to bring them. */
export const MAILBOX_POLL_MS = 20_000;

export interface MailboxCarrier extends DocCarrier {
	readonly client: MailboxClient;
}

/**
 * The relay whose mailbox a game uses: the one named by `relay` when given (the game's link), else
 * the first relay the game uses (the app's own, as `npm start` serves one beside its relay).
 */
export function mailboxRelay(ctx: Pick<CarrierContext, 'signaling'>, relay?: string | null): string | null {
	return relay ?? ctx.signaling[0] ?? null;
}

/** A carrier factory for openGame; `onClient` hands the page the client, for its status. */
export function mailboxCarrier(options: { relay?: string | null; pollMs?: number; onClient?: (client: MailboxClient) => void } = {}) {
	return async (ctx: CarrierContext): Promise<MailboxCarrier> => {
		const relay = mailboxRelay(ctx, options.relay);
		if (relay === null) throw new Error('no relay for the mailbox');
		const client = new MailboxClient({
			baseUrl: mailboxBaseUrl(relay),
			keys: await deriveMailboxKeys(ctx.secret, ctx.game),
			doc: ctx.doc,
			pollMs: options.pollMs ?? MAILBOX_POLL_MS
		});
		options.onClient?.(client);
		const again = () => void client.sync().catch(() => {});
		const onVisible = () => {
			if (document.visibilityState === 'visible') again();
		};
		window.addEventListener('online', again);
		document.addEventListener('visibilitychange', onVisible);
		// Not awaited: the game opens from this device's copy at once, and the mailbox's moves follow.
		void client.start().catch(() => {});
		return {
			client,
			async close() {
				window.removeEventListener('online', again);
				document.removeEventListener('visibilitychange', onVisible);
				await client.flush();
				await client.stop();
			}
		};
	};
}

