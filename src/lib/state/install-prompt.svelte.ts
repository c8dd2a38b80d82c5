// The browser's own install prompt, where it offers one (Chromium's `beforeinstallprompt`).
interface BeforeInstallPromptEvent extends Event {
	prompt(): Promise<void>;
	readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export class InstallPrompt {
	#event = $state<BeforeInstallPromptEvent | null>(null);
	#installed = $state(false);

	/** Starts listening; returns the function that stops. */
	listen(): () => void {
		const onPrompt = (e: Event) => {
			e.preventDefault();
			this.#event = e as BeforeInstallPromptEvent;
		};
		const onInstalled = () => {
			this.#installed = true;
			this.#event = null;
		};
		addEventListener('beforeinstallprompt', onPrompt);
		addEventListener('appinstalled', onInstalled);
		return () => {
			removeEventListener('beforeinstallprompt', onPrompt);
			removeEventListener('appinstalled', onInstalled);
		};
	}

	get available(): boolean {
		return this.#event !== null;
	}
	get installed(): boolean {
		return this.#installed;
	}

	async prompt(): Promise<boolean> {
		const event = this.#event;
		if (!event) return false;
		this.#event = null;
		await event.prompt();
		return (await event.userChoice).outcome === 'accepted';
	}
}
