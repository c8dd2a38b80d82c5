import { describe, expect, it } from 'vitest';
import { Settings, SETTINGS_STORAGE_KEY, type SettingsStorage } from './settings.svelte';

class MemoryStorage implements SettingsStorage {
	readonly items = new Map<string, string>();
	getItem(key: string) {
		return this.items.get(key) ?? null;
	}
	setItem(key: string, value: string) {
		this.items.set(key, value);
	}
	removeItem(key: string) {
		this.items.delete(key);
	}
}

const origin = { protocol: 'http:', host: 'localhost:4173' };

describe('settings: signaling relays', () => {
	it('defaults to the relay of the app’s own origin', () => {
		const settings = new Settings(origin, new MemoryStorage());
		expect(settings.signalingUrls).toEqual(['ws://localhost:4173/signal']);
		expect(settings.customSignalingUrls).toEqual([]);
	});

	it('persists chosen relays and reads them back in a new session', () => {
		const storage = new MemoryStorage();
		const refused = new Settings(origin, storage).setSignalingUrls(['wss://relay.example.org', 'http://nope', ' ']);
		expect(refused).toEqual(['http://nope']);
		expect(JSON.parse(storage.items.get(SETTINGS_STORAGE_KEY) ?? 'null')).toEqual({
			signalingUrls: ['wss://relay.example.org/']
		});
		expect(new Settings(origin, storage).signalingUrls).toEqual(['wss://relay.example.org/']);
	});

	it('goes back to the default on reset and forgets the stored list', () => {
		const storage = new MemoryStorage();
		const settings = new Settings(origin, storage);
		settings.setSignalingUrls(['wss://relay.example.org']);
		settings.resetSignalingUrls();
		expect(settings.signalingUrls).toEqual(['ws://localhost:4173/signal']);
		expect(storage.items.has(SETTINGS_STORAGE_KEY)).toBe(false);
	});

	it('ignores corrupt stored settings instead of failing', () => {
		const storage = new MemoryStorage();
		storage.setItem(SETTINGS_STORAGE_KEY, '{not json');
		expect(new Settings(origin, storage).signalingUrls).toEqual(['ws://localhost:4173/signal']);
		storage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ signalingUrls: 'wss://x.example.org' }));
		expect(new Settings(origin, storage).signalingUrls).toEqual(['ws://localhost:4173/signal']);
	});

	it('works without storage (disabled in private browsing)', () => {
		const settings = new Settings(origin, null);
		settings.setSignalingUrls(['wss://relay.example.org']);
		expect(settings.signalingUrls).toEqual(['wss://relay.example.org/']);
	});
});
