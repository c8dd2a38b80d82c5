// Whether this browser may throw the player's games away, and what to tell them. Pure, so the
// rules of thumb are tested without a browser.

export interface StorageFacts {
	/** `navigator.storage.persisted()` / `persist()`; null when the browser has no Storage API. */
	persisted: boolean | null;
	/** The app runs installed (display-mode standalone, or iOS's navigator.standalone). */
	installed: boolean;
	/** The browser's user-agent string. */
	userAgent: string;
}

export type EvictionRisk = 'none' | 'under-pressure' | 'after-inactivity';

/**
 * Safari (and every browser on iOS, which all use WebKit) deletes a site's storage after seven
 * days without a visit unless the site is installed to the home screen. Other browsers may evict
 * non-persistent storage only when the disk runs low.
 */
export function isWebKitWithEviction(userAgent: string): boolean {
	const ios = /iPhone|iPad|iPod/.test(userAgent);
	const safari = /Safari\//.test(userAgent) && !/Chrome\/|Chromium\/|Edg\/|OPR\/|Firefox\//.test(userAgent);
	return ios || safari;
}

export function evictionRisk(facts: StorageFacts): EvictionRisk {
	if (isWebKitWithEviction(facts.userAgent) && !facts.installed) return 'after-inactivity';
	if (facts.persisted === true) return 'none';
	return 'under-pressure';
}

export function riskMessage(risk: EvictionRisk): string {
	switch (risk) {
		case 'none':
			return 'This browser keeps your games until you delete them.';
		case 'under-pressure':
			return 'This browser may delete your games if the device runs short of space. Export games you want to keep.';
		case 'after-inactivity':
			return 'This browser deletes a site’s data after 7 days without a visit unless the app is installed. Install the app, or export your games.';
	}
}
