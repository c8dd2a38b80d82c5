// The service worker's life cycle as the app sees it: registration, "a new version is waiting",
// and switching to it only when the player accepts. The switch is refused while `busy()` says the
// player is in the middle of their turn.
export type UpdateStatus = 'unsupported' | 'idle' | 'waiting' | 'switching';

export class AppUpdate {
	#status = $state<UpdateStatus>('idle');
	#registration: ServiceWorkerRegistration | null = null;
	#busy: () => boolean;

	constructor(busy: () => boolean = () => false) {
		this.#busy = busy;
	}

	get status(): UpdateStatus {
		return this.#status;
	}

	/** True while a switch would interrupt the player's turn. */
	get blocked(): boolean {
		return this.#busy();
	}

	async register(url = '/service-worker.js'): Promise<void> {
		if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
			this.#status = 'unsupported';
			return;
		}
		const registration = await navigator.serviceWorker.register(url, {
			type: import.meta.env.DEV ? 'module' : 'classic'
		});
		this.#registration = registration;
		if (registration.waiting && navigator.serviceWorker.controller) this.#status = 'waiting';
		registration.addEventListener('updatefound', () => {
			const worker = registration.installing;
			worker?.addEventListener('statechange', () => {
				// A worker that installs while another controls the page is an update.
				if (worker.state === 'installed' && navigator.serviceWorker.controller) this.#status = 'waiting';
			});
		});
		let reloaded = false;
		navigator.serviceWorker.addEventListener('controllerchange', () => {
			if (this.#status !== 'switching' || reloaded) return;
			reloaded = true;
			location.reload();
		});
	}

	/** Look for a new version now (also done by the browser on navigation). */
	async check(): Promise<void> {
		await this.#registration?.update();
	}

	/** The player accepted: activate the waiting version, then reload into it. */
	accept(): boolean {
		const waiting = this.#registration?.waiting;
		if (!waiting || this.#busy()) return false;
		this.#status = 'switching';
		waiting.postMessage({ type: 'SKIP_WAITING' });
		return true;
	}
}
