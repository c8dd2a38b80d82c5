// The inner run of tests/e2e/deploy-netns.spec.ts: that spec creates a private network namespace
// and runs this config inside it. In there: our server on the namespace's loopback, Caddy with
// deploy/Caddyfile (https with its internal CA) in front of it on DEPLOY_ADDR, coturn with
// deploy/turnserver.conf on DEPLOY_ADDR, and Debian's Chromium. Nothing is routed outside.
// Chromium has no way to import Caddy's root certificate here, so its contexts skip certificate
// checks (ignoreHTTPSErrors); the test checks Caddy's certificate against Caddy's root itself.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/chromium';

const addr = process.env.DEPLOY_ADDR || '127.0.0.1';
const httpsPort = Number(process.env.DEPLOY_HTTPS_PORT || 8443);
const appPort = Number(process.env.DEPLOY_APP_PORT || 4337);
const turnPort = Number(process.env.DEPLOY_TURN_PORT || 3478);
const out = path.resolve(process.env.DEPLOY_OUT || 'tests/output/deploy');
const caddyHome = path.join(out, 'caddy');
mkdirSync(caddyHome, { recursive: true });
const baseURL = `https://${addr}:${httpsPort}`;

export default defineConfig({
	testDir: 'tests/e2e',
	testMatch: 'deploy.inner.ts',
	outputDir: path.join(out, 'results'),
	fullyParallel: false,
	workers: 1,
	retries: 0,
	timeout: 240_000,
	expect: { timeout: 20_000 },
	reporter: [['list'], ['json', { outputFile: path.join(out, 'report.json') }]],
	use: {
		baseURL,
		browserName: 'chromium',
		ignoreHTTPSErrors: true,
		trace: 'retain-on-failure',
		screenshot: 'only-on-failure',
		launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] }
	},
	webServer: [
		{
			command: 'node server/index.js',
			env: { HOST: '127.0.0.1', PORT: String(appPort), MAILBOX_DIR: 'memory' },
			url: `http://127.0.0.1:${appPort}`,
			reuseExistingServer: false,
			timeout: 30_000,
			stdout: 'pipe'
		},
		{
			command: 'caddy run --config deploy/Caddyfile --adapter caddyfile',
			env: {
				HOME: caddyHome,
				XDG_DATA_HOME: path.join(caddyHome, 'data'),
				XDG_CONFIG_HOME: path.join(caddyHome, 'config'),
				GAME_HOST: addr,
				GAME_PORT: String(httpsPort),
				GAME_HTTP_PORT: String(httpsPort + 1),
				GAME_UPSTREAM: `127.0.0.1:${appPort}`,
				CADDY_ADMIN: 'off'
			},
			url: `${baseURL}/`,
			ignoreHTTPSErrors: true,
			reuseExistingServer: false,
			timeout: 30_000
		},
		{
			// deploy/turnserver.conf as shipped, told only where to listen and relay. It also listens on
			// the namespace's loopback, where Playwright waits for its TCP port.
			command: [
				'turnserver -c deploy/turnserver.conf',
				`--listening-ip ${addr} --listening-ip 127.0.0.1 --relay-ip ${addr} --listening-port ${turnPort}`,
				`--no-tls --no-dtls --pidfile ${path.join(out, 'turnserver.pid')} --db ${path.join(out, 'turndb')}`
			].join(' '),
			port: turnPort,
			reuseExistingServer: false,
			timeout: 30_000,
			stdout: 'ignore',
			stderr: 'pipe'
		}
	]
});
