/**
 * The colour a company's last move is outlined in: a major's charter colour; the minors, whose
 * tokens are all white, get a hue each from their number.
 */
import { moveColour } from '$lib/state/last-moves';
import { tokenStyle } from '$lib/state/corporation-style';

export function lastMoveColour(corporation: string): string {
	return moveColour(corporation, (c) => (/^\d+$/.test(c) ? null : tokenStyle(c).fill));
}
