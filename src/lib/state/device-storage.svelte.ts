// The browser's answer to "will you keep my games?": asks for persistent storage once, and
// exposes what the settings page shows.
import { evictionRisk, riskMessage, type EvictionRisk } from './storage-status';

export class DeviceStorage {
	#persisted = $state<boolean | null>(null);
	#installed = $state(false);
	#usage = $state<{ used: number; quota: number } | null>(null);

	get persisted(): boolean | null {
		return this.#persisted;
	}
	get installed(): boolean {
		return this.#installed;
	}
	get usage(): { used: number; quota: number } | null {
		return this.#usage;
	}
	get risk(): EvictionRisk {
		return evictionRisk({
			persisted: this.#persisted,
			installed: this.#installed,
			userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent
		});
	}
	get message(): string {
		return riskMessage(this.risk);
	}

	/** Reads the current state and, when `ask` is set, asks the browser to keep the data. */
	async refresh(ask = false): Promise<void> {
		this.#installed =
			typeof matchMedia !== 'undefined' && matchMedia('(display-mode: standalone)').matches;
		const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
		if (!storage?.persisted) {
			this.#persisted = null;
			return;
		}
		let persisted = await storage.persisted();
		if (!persisted && ask && storage.persist) persisted = await storage.persist();
		this.#persisted = persisted;
		if (storage.estimate) {
			const { usage = 0, quota = 0 } = await storage.estimate();
			this.#usage = { used: usage, quota };
		}
	}
}
