/**
 * How every company's badge looks: its kind, the short label printed on it and its colours.
 * Majors and minors reuse the station-token colours the map draws, so a badge in a table matches
 * the token on the board. Concession cards wear their major's colours. Private cards take the
 * card colour of the reference data (../shared/reference/data, companies[] color): pink, green or
 * blue by the card's group.
 */
import { cardCorporation } from '../engine';
import { tokenStyle } from './corporation-style';

export const BADGE_KINDS = ['major', 'minor', 'concession', 'private'] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

export interface BadgeStyle {
	readonly kind: BadgeKind;
	/** Text printed on the badge: "LNWR", "14", "P5". */
	readonly label: string;
	readonly fill: string;
	readonly text: string;
	/** A full name for assistive technology and tooltips: "Minor 14", "Concession LNWR". */
	readonly title: string;
}

const PINK = '#ff7276';
const GREEN = '#90ee90';
const BLUE = '#89cff0';

/** Private card colours [../shared/reference/data, companies[] color]. */
const PRIVATE_FILL: Readonly<Record<string, string>> = {
	P1: PINK,
	P2: GREEN,
	P3: PINK,
	P4: PINK,
	P5: PINK,
	P6: PINK,
	P7: PINK,
	P8: GREEN,
	P9: GREEN,
	P10: GREEN,
	P11: GREEN,
	P12: GREEN,
	P13: GREEN,
	P14: GREEN,
	P15: GREEN,
	P16: BLUE,
	P17: PINK,
	P18: PINK,
	P19: GREEN,
	P20: GREEN,
	P21: GREEN
};

/**
 * The badge of a corporation ("LNWR", minor "14") or of a company card ("C1", "M14", "P5").
 * The two id spaces do not overlap: minors are bare numbers, cards carry a one-letter prefix and
 * a number, majors are letters only.
 */
export function badgeStyle(id: string): BadgeStyle {
	if (/^\d+$/.test(id)) {
		const t = tokenStyle(id);
		return { kind: 'minor', label: id, fill: t.fill, text: t.text, title: `Minor ${id}` };
	}
	const card = /^([CMP])(\d+)$/.exec(id);
	if (card) {
		const [, prefix, num] = card;
		if (prefix === 'M') {
			const t = tokenStyle(num);
			return { kind: 'minor', label: num, fill: t.fill, text: t.text, title: `Minor ${num}` };
		}
		if (prefix === 'C') {
			const major = cardCorporation(id) ?? id;
			const t = tokenStyle(major);
			return { kind: 'concession', label: major, fill: t.fill, text: t.text, title: `Concession ${major}` };
		}
		return { kind: 'private', label: id, fill: PRIVATE_FILL[id] ?? GREEN, text: '#000000', title: `Private ${id}` };
	}
	const t = tokenStyle(id);
	return { kind: 'major', label: id, fill: t.fill, text: t.text, title: id };
}
