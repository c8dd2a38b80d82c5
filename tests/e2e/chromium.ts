// Debian's Chromium, never a downloaded browser, with the flags every e2e run uses: no network
// chatter the closed network would refuse, and real local addresses for WebRTC candidates.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-features=WebRtcHideLocalIpsWithMdns'
];
