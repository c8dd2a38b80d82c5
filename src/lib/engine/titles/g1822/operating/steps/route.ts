/**
 * Running routes (rules digest 7) [g_1822/step/route.rb]: the step takes no pass (a company with
 * no route makes an empty run), and a major holding a Pullman first picks the train it rides on.
 */
import { ok, refuse, type Result } from '../../../../core/result';
import { corporationId } from '../../../../core/ids';
import { graphFor, mapFor } from '../../board-ops';
import type { CorporationState, GameState } from '../../state';
import type { ResolvedConfig } from '../../config';
import { validateRunRoutes } from '../dividend';
import type { Apply, OrContext, TurnStep } from './types';

/**
 * Whether the corporation has a route to run: a local train (L, LP) runs inside its home city;
 * other trains need two stops on connected track. P+ never runs.
 */
function canRunRoute(state: GameState, config: ResolvedConfig, corp: CorporationState): boolean {
	const trains = corp.trains.filter((t) => t.name !== 'P+');
	if (trains.length === 0) return false;
	if (trains.some((t) => t.name === 'L' || t.name === 'LP')) return true;
	// A minor with only an E train does not run (rules version 2) [g_1822/step/route.rb only_e_train?].
	if (config.blockingSteps && corp.type === 'minor' && trains.every((t) => t.name === 'E')) return false;
	const map = mapFor(state.setup.title);
	const graph = graphFor(map, state.board, config);
	// Rules version 2 asks it of each station alone, as the reference does (track-graph.ts).
	if (config.blockingSteps) return corp.hadRoute === true || graph.routeFromOneStation(corporationId(corp.id));
	return graph.reach(corporationId(corp.id)).nodes.length >= 2;
}

/**
 * Remembers that the corporation has a route once its graph finds one. Version 4 remembers it
 * whatever trains the company holds, as the reference's graph does [graph.rb compute]; version 3
 * only with trains to run and none of them local.
 */
export function noteRoute(state: GameState, config: ResolvedConfig, corp: CorporationState): void {
	if (corp.hadRoute) return;
	if (!config.routeKeptWithoutTrains) {
		const trains = corp.trains.filter((t) => t.name !== 'P+');
		if (trains.length === 0 || trains.some((t) => t.name === 'L' || t.name === 'LP')) return;
	}
	if (graphFor(mapFor(state.setup.title), state.board, config).routeFromOneStation(corporationId(corp.id))) corp.hadRoute = true;
}

/**
 * The Pullman's train, by number among the trains that can carry it (not L, LP, E or P+ itself);
 * the revenue is recorded with the routes, so the choice itself changes nothing else.
 */
function choosePullman({ config, round, corp }: OrContext, choice: unknown): Result<Apply> {
	const eligible = corp.trains.map((t, i) => ({ t, i })).filter(({ t }) => !['L', 'LP', 'E', 'P+'].includes(t.name));
	const pick = eligible[Number(choice)];
	// The Pullman is attached once a turn (rules version 2) [g_1822/step/route.rb choosing_pullman?].
	if (config.blockingSteps && round.turn.pullman !== null) return refuse('invalid_choice', `${corp.id}'s Pullman already rides on a train this turn.`);
	const hasPullman = corp.trains.some((t) => t.name === 'P+');
	if (hasPullman && pick)
		return ok(() => {
			round.turn.pullman = pick.i;
			return 'stay';
		});
	if (hasPullman) return refuse('invalid_choice', `The Pullman rides on one of ${eligible.length} trains (not L, LP or E).`);
	return refuse('invalid_choice', `"${String(choice)}" is not a choice ${corp.id} has now.`);
}

export const routeStep: TurnStep = {
	id: 'route',
	name: 'Run routes',
	actions: ['run_routes', 'choose'],
	passable: false,
	passHint: 'it runs its trains (an empty run is allowed)',
	active: ({ state, config, corp }) => canRunRoute(state, config, corp),
	process(ctx, action) {
		const { state, config, round, corp } = ctx;
		if (action.type === 'choose') return choosePullman(ctx, action.choice);
		if (action.type !== 'run_routes') return refuse('action_not_allowed', `${corp.id} runs its routes now.`);
		const r = validateRunRoutes(state, config, corp, action);
		if (!r.ok) return r;
		return ok(() => {
			round.turn.revenue = r.value.revenue;
			round.turn.extraRevenue = r.value.extraRevenue;
			round.turn.pullman = null;
			round.turn.subsidy = r.value.subsidy;
			return 'finish';
		});
	},
	offers(ctx) {
		const { corp } = ctx;
		const pullman = corp.trains.some((t) => t.name === 'P+') ? corp.trains.map((_, i) => i).filter((i) => choosePullman(ctx, String(i)).ok) : [];
		return { actions: ['run_routes', ...(pullman.length ? ['choose'] : [])], pullman };
	},
	// The reference remembers a route once its graph finds one (rules version 2).
	reached: ({ state, config, corp }) => {
		if (config.blockingSteps) noteRoute(state, config, corp);
	}
};
