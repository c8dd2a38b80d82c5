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

describe('settings: STUN/TURN servers', () => {
	it('default to none, and the transport still passes an empty list (so the peer library adds no public STUN server)', () => {
		const settings = new Settings(origin, new MemoryStorage());
		expect(settings.iceServerLines).toEqual([]);
		expect(settings.transport).toEqual({ signaling: ['ws://localhost:4173/signal'], iceServers: [] });
	});

	it('persist accepted servers beside the relays, refuse bad lines with a reason, and read them back in a new session', () => {
		const storage = new MemoryStorage();
		const first = new Settings(origin, storage);
		first.setSignalingUrls(['wss://relay.example.org']);
		const refused = first.setIceServers(['turn:turn.example.org:3478?username=u&credential=p', 'turn:nocreds.example.org', '']);
		expect(refused).toEqual([{ line: 'turn:nocreds.example.org', reason: 'a TURN server needs username= and credential=' }]);
		expect(JSON.parse(storage.items.get(SETTINGS_STORAGE_KEY) ?? 'null')).toEqual({
			signalingUrls: ['wss://relay.example.org/'],
			iceServers: ['turn:turn.example.org:3478?username=u&credential=p']
		});
		const again = new Settings(origin, storage);
		expect(again.iceServerLines).toEqual(['turn:turn.example.org:3478?username=u&credential=p']);
		expect(again.transport).toEqual({
			signaling: ['wss://relay.example.org/'],
			iceServers: [{ urls: 'turn:turn.example.org:3478', username: 'u', credential: 'p' }]
		});
	});

	it('resetting the relays keeps the servers, and clearing both forgets the stored settings', () => {
		const storage = new MemoryStorage();
		const settings = new Settings(origin, storage);
		settings.setSignalingUrls(['wss://relay.example.org']);
		settings.setIceServers(['stun:stun.example.org:3478']);
		settings.resetSignalingUrls();
		expect(JSON.parse(storage.items.get(SETTINGS_STORAGE_KEY) ?? 'null')).toEqual({ iceServers: ['stun:stun.example.org:3478'] });
		settings.setIceServers([]);
		expect(storage.items.has(SETTINGS_STORAGE_KEY)).toBe(false);
	});

	it('drops stored lines that are no longer valid instead of failing', () => {
		const storage = new MemoryStorage();
		storage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ iceServers: ['stun:ok.example.org', 'turn:nocreds.example.org', 3] }));
		expect(new Settings(origin, storage).iceServers).toEqual([{ urls: 'stun:ok.example.org' }]);
		storage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ iceServers: 'stun:ok.example.org' }));
		expect(new Settings(origin, storage).iceServers).toEqual([]);
	});
});
