import { describe, expect, it } from 'vitest';
import { evictionRisk, isWebKitWithEviction, riskMessage } from './storage-status';

const SAFARI_MAC =
	'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const CHROME_IOS =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1';
const CHROME_LINUX =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

describe('storage eviction warnings', () => {
	it('treats Safari and every iOS browser as WebKit with the 7-day rule', () => {
		expect(isWebKitWithEviction(SAFARI_MAC)).toBe(true);
		expect(isWebKitWithEviction(CHROME_IOS)).toBe(true);
		expect(isWebKitWithEviction(CHROME_LINUX)).toBe(false);
		expect(isWebKitWithEviction(FIREFOX)).toBe(false);
	});

	it('warns about deletion after inactivity in Safari unless the app is installed', () => {
		expect(evictionRisk({ persisted: true, installed: false, userAgent: SAFARI_MAC })).toBe('after-inactivity');
		expect(evictionRisk({ persisted: false, installed: true, userAgent: SAFARI_MAC })).toBe('under-pressure');
		expect(evictionRisk({ persisted: true, installed: true, userAgent: CHROME_IOS })).toBe('none');
	});

	it('reports no risk once other browsers grant persistent storage', () => {
		expect(evictionRisk({ persisted: true, installed: false, userAgent: CHROME_LINUX })).toBe('none');
		expect(evictionRisk({ persisted: false, installed: false, userAgent: CHROME_LINUX })).toBe('under-pressure');
		expect(evictionRisk({ persisted: null, installed: false, userAgent: FIREFOX })).toBe('under-pressure');
	});

	it('offers export whenever games may be lost', () => {
		expect(riskMessage('none')).not.toMatch(/export/i);
		expect(riskMessage('under-pressure')).toMatch(/export/i);
		expect(riskMessage('after-inactivity')).toMatch(/install/i);
	});
});
