/**
 * Firing programmed actions (live play only): after every action, while the player to act in a
 * stock round has a program that applies, the engine takes that player's action itself
 * [game/base.rb process_action auto_actions loop; step/programmer.rb;
 * step/buy_sell_par_shares.rb activate_program_share_pass, activate_program_buy_shares].
 *
 * A conditional program stops — with a `program_disable` naming the reason, which the log shows —
 * when another player did something since it was set that its owner may want to answer
 * [step/buy_sell_par_shares.rb should_stop_applying_program, action_is_shenanigan?;
 * g_1822/step/buy_sell_par_shares.rb action_is_shenanigan?].
 */
import type { Action, ProgramAction } from '../../../core/actions';
import type { Result } from '../../../core/result';
import { holderPlayerId, playerHolder, percentHeld } from '../../../core/shares';
import type { ResolvedConfig } from '../config';
import type { GameState, StockRound } from '../state';
import { currentPlayerId } from './turn';
import { validateStock } from './step';
import { buyableShares, mustSellFirst } from './queries';
import type { BuySharesProgram, Program, SharePassProgram, TrackedAction } from './program-types';

/** Far more than any real sequence of automatic actions; a guard against a loop, never reached in play. */
const MAX_AUTO_ACTIONS = 1000;
/** A player holding this much of a major cannot lose its presidency [step/buy_sell_par_shares.rb corporation_secure_percent]. */
const SECURE_PERCENT = 50;

/**
 * Runs programs until the player to act has none that applies. `apply` processes one action
 * (without firing programs again); every action it accepts is recorded in `programs.auto`.
 */
export function firePrograms(state: GameState, config: ResolvedConfig, apply: (a: Action) => Result<void>): void {
	const ps = state.programs;
	if (!ps || config.mode !== 'live') return;
	let done = 0;
	while (done < MAX_AUTO_ACTIONS) {
		const actions = nextProgramActions(state, config);
		if (actions.length === 0) return;
		for (const a of actions) {
			if (!apply(a).ok) return;
			ps.auto.push(a);
			done++;
		}
	}
}

/** What the program of the player to act in a stock round does now (nothing outside a stock round). */
export function nextProgramActions(state: GameState, config: ResolvedConfig): Action[] {
	if (state.end.finished || state.round.kind !== 'stock' || !state.programs) return [];
	const round = state.round;
	const player = currentPlayerId(state, round);
	const program = state.programs.active[String(player)]?.at(-1);
	return program ? programActions(state, config, round, player, program) : [];
}

function programActions(state: GameState, config: ResolvedConfig, round: StockRound, player: number, program: Program): Action[] {
	// Over the certificate limit, selling is the only action: the player must act [g_1822 actions must_sell?].
	if (mustSellFirst(state, config, player)) return [];
	switch (program.type) {
		case 'program_share_pass':
			return sharePass(state, config, round, player, program);
		case 'program_buy_shares':
			return buyShares(state, config, round, player, program);
	}
}

const disable = (player: number, reason: string): ProgramAction => ({ type: 'program_disable', entity: player, entity_type: 'player', reason });

function canPass(state: GameState, config: ResolvedConfig, round: StockRound, player: number): boolean {
	return validateStock(state, config, round, { type: 'pass', entity: player }).ok;
}

function sharePass(state: GameState, config: ResolvedConfig, round: StockRound, player: number, program: SharePassProgram): Action[] {
	if (!canPass(state, config, round, player)) return [];
	if (!program.unconditional) {
		const reason = stopReason(state, player, program, null);
		if (reason) return [disable(player, reason)];
	}
	return [{ type: 'pass', entity: player, entity_type: 'player' }];
}

function sharesHeld(state: GameState, player: number, corporation: string): number {
	const corp = state.corporations[corporation];
	return corp ? percentHeld(corp.shares, playerHolder(player)) / 10 : 0;
}

function buyShares(state: GameState, config: ResolvedConfig, round: StockRound, player: number, program: BuySharesProgram): Action[] {
	const corp = state.corporations[program.corporation];
	const finished =
		program.until === 'float'
			? corp && (corp.floated || corp.floatPercent === 0)
				? `${program.corporation} is floated`
				: null
			: sharesHeld(state, player, program.corporation) >= program.until
				? `${program.until} share(s) bought in ${program.corporation}, end condition met`
				: null;
	if (finished) {
		const out: Action[] = [disable(player, finished)];
		if (program.autoPassAfter) out.push({ type: 'program_share_pass', entity: player, entity_type: 'player', unconditional: false, indefinite: false });
		return out;
	}
	// No purchase possible at all this turn: the player acts by hand, the program waits.
	const all = round.turn.bids > 0 ? [] : buyableShares(state, config, round, player);
	if (all.length === 0) return [];
	const from = program.fromMarket ? 'pool' : 'treasury';
	const share = all.find((s) => s.corporation === program.corporation && s.from === from);
	if (!share) return [disable(player, `Cannot buy ${program.corporation} from ${program.fromMarket ? 'market' : 'Treasury'}`)];
	const reason = stopReason(state, player, program, program.corporation);
	if (reason) return [disable(player, reason)];
	const cert = corp?.shares.find((c) => `${program.corporation}_${c.index}` === share.share);
	return [{ type: 'buy_shares', entity: player, entity_type: 'player', shares: [share.share], percent: cert?.percent ?? 10 }];
}

/** The first thing another player did since the program was set that should stop it, if any. */
function stopReason(state: GameState, player: number, program: Program, buying: string | null): string | null {
	const ps = state.programs;
	if (!ps) return null;
	for (const other of state.players) {
		if (other.id === player) continue;
		const history = ps.history[String(other.id)] ?? [];
		// Grouped by target in first-seen order, as the site lists them.
		const targets = [...new Set(history.map((h) => h.target))];
		for (const target of targets) {
			for (const h of history) {
				if (h.target !== target || h.seq < program.seq) continue;
				const reason = objection(state, player, other.id, other.name, h, buying);
				if (reason) return reason;
			}
		}
	}
	return null;
}

function presidentOf(state: GameState, corporation: string): number | null {
	const pres = state.corporations[corporation]?.shares.find((c) => c.president);
	return pres ? holderPlayerId(pres.owner) : null;
}

function objection(state: GameState, player: number, other: number, otherName: string, h: TrackedAction, buying: string | null): string | null {
	switch (h.kind) {
		case 'bid':
			// Outbid on an auction the player was winning [g_1822/step/buy_sell_par_shares.rb].
			return (state.programs?.winning[String(player)] ?? []).includes(h.target) ? `No longer winning bid on ${h.target}` : null;
		case 'par': {
			// A buyer may want to react to a new major only if its shares could be sold now, which
			// needs the major to have operated [g_1822 SELL_AFTER full_or_turn]: never so right after its par.
			if (buying === null || (state.corporations[h.target]?.operated ?? 0) > 0) return `Corporation ${h.target} parred`;
			return null;
		}
		case 'sell':
			return 'Shares were sold';
		case 'buy':
			return boughtIn(state, player, other, otherName, h.target, buying);
	}
}

/** Another player bought into a major the program's owner presides over without a safe majority. */
function boughtIn(state: GameState, player: number, other: number, otherName: string, corporation: string, buying: string | null): string | null {
	const corp = state.corporations[corporation];
	if (!corp || presidentOf(state, corporation) !== player) return null;
	const mine = percentHeld(corp.shares, playerHolder(player));
	if (mine >= SECURE_PERCENT) return null;
	if (buying !== corporation) return `${otherName} bought on corporation ${corporation} and is unsecure`;
	const after = mine + 10;
	if (after > SECURE_PERCENT) return null;
	const bigger = corp.shares.filter((c) => c.percent > 10 && c.owner !== playerHolder(player)).reduce((m, c) => Math.max(m, c.percent), 0);
	if (bigger > 0 && after < percentHeld(corp.shares, playerHolder(other)) + bigger)
		return `${otherName} has bought, shares exist that could allow them to gain presidency`;
	return null;
}
