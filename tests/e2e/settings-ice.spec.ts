// STUN/TURN servers in settings (issue 9): a TURN server with its username and credential is
// saved and still there after a reload; a line that is not a STUN/TURN server is refused with a
// message saying why, and is not kept.
import { expect, test } from '@playwright/test';

const SCREENSHOTS = 'tests/output/screenshots';
const TURN = 'turn:turn.example.org:3478?username=ada&credential=s3cret';

test('settings: a TURN server is kept across a reload, a bad line is refused with a message', async ({ page }) => {
	const errors: string[] = [];
	page.on('pageerror', (e) => errors.push(e.message));
	await page.goto('/settings');
	const box = page.getByRole('textbox', { name: 'Servers', exact: true });
	await expect(page.getByRole('heading', { name: 'STUN and TURN servers' })).toBeVisible();
	// None by default, and the help says why none are needed on one network.
	await expect(box).toHaveValue('');
	await expect(page.getByText(/None are needed when the players are on the same network/)).toBeVisible();

	await box.fill(TURN);
	await page.getByRole('button', { name: 'Save servers' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
	await page.reload();
	await expect(page.getByRole('textbox', { name: 'Servers', exact: true })).toHaveValue(TURN);

	// A TURN server without credentials and a web address are refused, each with its reason;
	// the good line stays saved.
	await page.getByRole('textbox', { name: 'Servers', exact: true }).fill(`${TURN}\nturn:nocreds.example.org:3478\nhttps://stun.example.org`);
	await page.getByRole('button', { name: 'Save servers' }).click();
	const refused = page.getByTestId('ice-refused');
	await expect(refused).toContainText('turn:nocreds.example.org:3478 — a TURN server needs username= and credential=');
	await expect(refused).toContainText('https://stun.example.org — it must start with stun:, stuns:, turn: or turns:');
	await page.screenshot({ path: `${SCREENSHOTS}/settings-ice-refused-1280x720.png`, fullPage: true });
	await page.reload();
	await expect(page.getByRole('textbox', { name: 'Servers', exact: true })).toHaveValue(TURN);
	await expect(page.getByTestId('ice-refused')).toHaveCount(0);

	// "Use none" clears them for good.
	await page.getByRole('button', { name: 'Use none' }).click();
	await page.reload();
	await expect(page.getByRole('textbox', { name: 'Servers', exact: true })).toHaveValue('');
	expect(errors).toEqual([]);
});
