// Browsers give WebCrypto (with which every move is signed, and the mailbox encrypted) only to a
// secure page: https://, or http://localhost on the machine itself. Opened over plain http at a
// network address (a LAN IP such as http://192.168.1.20:4173) `crypto.subtle` is missing, and
// creating or joining a game would fail with a cryptic TypeError. This check lets the pages say
// in words why and what to do instead.

/** The parts of the browser's globals the check reads. */
export interface SecureContextEnv {
	readonly isSecureContext?: boolean;
	readonly crypto?: { readonly subtle?: unknown };
	readonly location?: { readonly protocol: string; readonly host: string; readonly hostname: string; readonly port: string };
}

/** Null when signing works here, else a sentence for the player: why not, and what to do. */
export function insecureContextReason(env: SecureContextEnv = globalThis as SecureContextEnv): string | null {
	if (env.isSecureContext !== false && env.crypto?.subtle) return null;
	const where = env.location ? `${env.location.protocol}//${env.location.host}` : 'this address';
	const port = env.location?.port ? `:${env.location.port}` : '';
	return (
		`This page was opened at ${where}, which the browser does not treat as secure, so it withholds the cryptography (WebCrypto) every move is signed with. ` +
		`Open the app over https:// instead (the project's deploy/ folder sets up an https proxy with Caddy), ` +
		`or at http://localhost${port} on the computer that runs the server.`
	);
}
