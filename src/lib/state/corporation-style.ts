/**
 * How a corporation's station token looks: fill, text colour and the short name printed
 * on it. Colours are the reference's charter colours [../shared/reference/data, corporations[]
 * color, text_color]; minors are white discs with their number. NER's text is black, not the
 * reference's white, which cannot be read on its light green.
 */
export interface TokenStyle {
	readonly fill: string;
	readonly text: string;
	readonly label: string;
}

const MAJORS: Readonly<Record<string, readonly [fill: string, text: string]>> = {
	LNWR: ['#000000', '#ffffff'],
	GWR: ['#165016', '#ffffff'],
	LBSCR: ['#cccc00', '#000000'],
	SECR: ['#ff7f2a', '#ffffff'],
	CR: ['#5555ff', '#ffffff'],
	MR: ['#ff2a2a', '#ffffff'],
	LYR: ['#5a2ca0', '#ffffff'],
	NBR: ['#a05a2c', '#ffffff'],
	SWR: ['#999999', '#000000'],
	NER: ['#aade87', '#000000']
};

export function tokenStyle(corporation: string): TokenStyle {
	const major = MAJORS[corporation];
	if (major) return { fill: major[0], text: major[1], label: corporation };
	return { fill: '#ffffff', text: '#000000', label: corporation };
}
