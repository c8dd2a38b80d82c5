/**
 * How each player is drawn in charts: a colour that holds up on both the light and the dark
 * theme (CSS `light-dark`, following the page's colour scheme), with a dash pattern and a marker
 * shape so that lines stay apart for colour-blind readers too. Seven styles: 1822 seats 3 to 7.
 */
export interface PlayerStyle {
	readonly colour: string;
	/** SVG stroke-dasharray; empty for a solid line. */
	readonly dash: string;
	readonly marker: 'circle' | 'square' | 'triangle';
}

/** Light-theme colour, dark-theme colour: each pair contrasts with its own background. */
const COLOURS = [
	['#1d5fa8', '#7fb5f0'],
	['#c0392b', '#ff8a7a'],
	['#2e7d32', '#7fd483'],
	['#9a6a00', '#f2c94c'],
	['#7b3fa0', '#d39ef0'],
	['#00838f', '#5fd8e4'],
	['#d35400', '#ffad66']
] as const;

const DASHES = ['', '7 4', '2 3', '10 3 2 3', '4 4', '12 4', '1 3'] as const;
const MARKERS = ['circle', 'square', 'triangle'] as const;

export function playerStyle(index: number): PlayerStyle {
	const [light, dark] = COLOURS[index % COLOURS.length];
	return {
		colour: `light-dark(${light}, ${dark})`,
		dash: DASHES[index % DASHES.length],
		marker: MARKERS[index % MARKERS.length]
	};
}
