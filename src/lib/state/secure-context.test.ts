import { describe, expect, it } from 'vitest';
import { insecureContextReason } from './secure-context';

const lan = { protocol: 'http:', host: '192.168.1.20:4173', hostname: '192.168.1.20', port: '4173' };

describe('insecureContextReason', () => {
	it('is null on a secure page with WebCrypto', () => {
		expect(insecureContextReason({ isSecureContext: true, crypto: { subtle: {} }, location: lan })).toBeNull();
	});

	it('explains plain http on a network address: why, and to use https or localhost', () => {
		const reason = insecureContextReason({ isSecureContext: false, crypto: {}, location: lan });
		expect(reason).toContain('http://192.168.1.20:4173');
		expect(reason).toContain('WebCrypto');
		expect(reason).toContain('https://');
		expect(reason).toContain('http://localhost:4173');
		expect(reason).toContain('deploy/');
	});

	it('also speaks when WebCrypto is missing on a page that claims to be secure', () => {
		expect(insecureContextReason({ isSecureContext: true, crypto: {}, location: lan })).not.toBeNull();
	});
});
