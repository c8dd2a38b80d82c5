/**
 * Browser only: tell the player it is their turn, with the tab title and, when the tab is hidden
 * and the player allowed it, a notification. Whether it *became* their turn is decided by the pure
 * `becameMyTurn` (presence.ts), so this stays a thin shell.
 */
import { tabTitle } from './presence';

export function showTurn(baseTitle: string, myTurn: boolean, becameMine: boolean, body: string): void {
	document.title = tabTitle(baseTitle, myTurn);
	if (!becameMine || document.visibilityState === 'visible') return;
	if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
		new Notification(baseTitle, { body, tag: 'rails-1822-turn' });
	}
}

/** Ask once, from a user gesture (browsers ignore the request otherwise). */
export async function askNotificationPermission(): Promise<boolean> {
	if (typeof Notification === 'undefined') return false;
	if (Notification.permission === 'default') await Notification.requestPermission();
	return Notification.permission === 'granted';
}
