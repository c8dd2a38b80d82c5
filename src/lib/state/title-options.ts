/**
 * The titles and options offered when creating a game, with the words a player reads. The option
 * symbols and their constraints are those of 18xx.games (../shared/reference/data OPTIONAL_RULES,
 * MUTEX_RULES; rules digest 1.2–1.3); the engine checks them again when the game is set up, and a
 * unit test keeps this table in step with the engine's title definitions.
 */
import type { TitleId } from '../engine';

export interface TitleOption {
	readonly sym: string;
	readonly label: string;
	/** One line on what the option changes. */
	readonly explain: string;
	/** Offered only for these player counts. */
	readonly players?: readonly number[];
	/** Needs these options. */
	readonly requires?: readonly string[];
}

export interface TitleChoice {
	readonly id: TitleId;
	readonly subtitle: string;
	readonly summary: string;
	readonly majors: number;
	readonly minors: string;
	readonly options: readonly TitleOption[];
	/** Pairs that cannot be chosen together. */
	readonly exclusive: readonly (readonly [string, string])[];
}

const TAX_HAVEN: TitleOption = {
	sym: 'tax_haven_multiple',
	label: 'Tax Haven variant',
	explain: 'P16 Tax Haven may buy one share in every stock round instead of one share in all.'
};

export const TITLE_CHOICES: readonly TitleChoice[] = [
	{
		id: '1822',
		subtitle: 'The Railways of Great Britain',
		summary:
			'The full game across all of Great Britain, from Cornwall to the Highlands. Long, with a deep pool of private companies.',
		majors: 10,
		minors: '24 (30 with 1822+)',
		options: [
			{
				sym: 'plus_expansion',
				label: '1822+',
				explain: 'Adds privates P19–P21 and minors 25–30; privates are auctioned in three category boxes and three are removed at random.'
			},
			{
				sym: 'plus_expansion_no_removals',
				label: 'No removals',
				explain: '1822+ without removing three random privates: all 21 are in play.',
				requires: ['plus_expansion']
			},
			{
				sym: 'plus_expansion_single_stack',
				label: 'Single stack',
				explain: '1822+ privates come from one stack into the three private boxes, as in base 1822.',
				requires: ['plus_expansion']
			},
			TAX_HAVEN
		],
		exclusive: []
	},
	{
		id: '1822NRS',
		subtitle: 'North Regional Scenario',
		summary: 'Northern England and Scotland, from Birmingham to Aberdeen. A shorter game on a smaller map.',
		majors: 6,
		minors: '16',
		options: [TAX_HAVEN],
		exclusive: []
	},
	{
		id: '1822MRS',
		subtitle: 'Medium Regional Scenario',
		summary: 'England and Wales from Yorkshire to the Channel. Medium length, with Starter and Advanced options.',
		majors: 7,
		minors: '16',
		options: [
			{
				sym: 'starter',
				label: 'Starter',
				explain: 'A gentler first game: privates P1, P2 and P5–P14 only.'
			},
			{
				sym: 'advanced',
				label: 'Advanced',
				explain: 'Privates P1–P12 only, and minor 14 starts on top of the minor stack.'
			},
			{
				sym: 'sw_peninsula',
				label: 'South-West Peninsula',
				explain: 'For 2 players: minors 22 and 23 of Devon and Cornwall replace two random minors.',
				players: [2]
			},
			TAX_HAVEN
		],
		exclusive: [['starter', 'advanced']]
	}
];

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 7;

export function titleChoice(id: TitleId): TitleChoice {
	const t = TITLE_CHOICES.find((c) => c.id === id);
	if (!t) throw new Error(`unknown title ${id}`);
	return t;
}

/** Why an option cannot be ticked now (null: it can). */
export function optionBlocked(title: TitleChoice, sym: string, players: number, chosen: readonly string[]): string | null {
	const opt = title.options.find((o) => o.sym === sym);
	if (!opt) return 'not an option of this title';
	if (opt.players && !opt.players.includes(players)) return `only with ${opt.players.join(' or ')} players`;
	for (const need of opt.requires ?? []) {
		if (!chosen.includes(need)) return `needs ${title.options.find((o) => o.sym === need)?.label ?? need}`;
	}
	for (const [a, b] of title.exclusive) {
		const other = sym === a ? b : sym === b ? a : null;
		if (other && chosen.includes(other)) return `not with ${title.options.find((o) => o.sym === other)?.label ?? other}`;
	}
	return null;
}

/**
 * The options that stay valid after a change of title, player count or ticks: dropping one can
 * invalidate another (untick 1822+ and its sub-options go too), so repeat until nothing changes.
 */
export function validOptions(title: TitleChoice, players: number, chosen: readonly string[]): string[] {
	let current = title.options.map((o) => o.sym).filter((s) => chosen.includes(s));
	for (;;) {
		const next = current.filter((s) => optionBlocked(title, s, players, current.filter((c) => c !== s)) === null);
		if (next.length === current.length) return next;
		current = next;
	}
}
