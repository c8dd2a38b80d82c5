/**
 * The route step of an operating company's turn, as the page works it: a plan (stops per
 * train, route-builder.ts) that belongs to the position it was made on, the train being
 * clicked, the route finder's search with its best-so-far progress and cancel, last round's
 * routes offered again, and the routes drawn on the map. Every figure and every refusal comes
 * from the engine (`checkPlan`, `addStop`); this only keeps the player's choices.
 */
import type { GameState } from '../engine';
import type { RouteJson } from '../engine/core/actions';
import type { HexId } from '../engine/core/ids';
import type { MapRoute } from './map-route';
import { runRoutesAction } from './operating-actions';
import type { PlayTarget } from './play-target';
import {
	addStop,
	builderBoard,
	checkPlan,
	clearTrain,
	clickableStops,
	cycleLeg,
	emptyPlan,
	lastRunRoutes,
	legCount,
	planFromRoutes,
	removeLastStop,
	routeJson,
	type LastRunOffer,
	type RoutePlan
} from './route-builder';
import { RouterClient } from './router-client';

/** Each train's colour on the map, in the company's train order. */
export const ROUTE_COLOURS = ['#d62728', '#1f4fb4', '#8a2be2', '#e07b00', '#008c8c', '#c2185b'] as const;

const NO_STOPS: ReadonlySet<string> = new Set<string>();

export interface RouteStepInputs {
	readonly gs: GameState;
	readonly game: PlayTarget;
	/** The operating company, null outside an operating turn. */
	readonly entity: string | null;
	/** This device may run the company's trains now. */
	readonly routeStep: boolean;
	/** Stops take clicks (the route step, or earlier once nothing else is left to click). */
	readonly stopMode: boolean;
}

export class RouteStep {
	readonly #in: () => RouteStepInputs;
	readonly router = new RouterClient();

	#planState = $state.raw<{ gs: GameState; plan: RoutePlan } | null>(null);
	#search = $state.raw<{ gs: GameState; controller: AbortController } | null>(null);
	#trainPick = $state<string | null>(null);
	clickProblem = $state<string | null>(null);
	findError = $state<string | null>(null);

	readonly rboard = $derived.by(() => {
		const i = this.#in();
		return i.routeStep ? builderBoard(i.gs) : null;
	});
	readonly plan: RoutePlan | null = $derived.by(() => {
		const { gs, entity } = this.#in();
		const kept = this.#planState;
		if (kept && kept.gs === gs) return kept.plan;
		return this.rboard && entity ? emptyPlan(gs, entity) : null;
	});
	readonly check = $derived.by(() => (this.plan && this.rboard ? checkPlan(this.#in().gs, this.rboard, this.plan) : null));
	readonly current: string | null = $derived(
		this.plan?.trains.find((t) => t.train === this.#trainPick)?.train ?? this.plan?.trains[0]?.train ?? null
	);
	readonly currentRoute = $derived(this.plan?.trains.find((t) => t.train === this.current) ?? null);
	readonly searching: boolean = $derived.by(() => this.#search !== null && this.#search.gs === this.#in().gs);
	readonly stopKeys: ReadonlySet<string> = $derived.by(() => {
		const { gs, entity, stopMode } = this.#in();
		return stopMode && this.rboard && this.current && entity ? clickableStops(gs, this.rboard, entity) : NO_STOPS;
	});
	readonly mapRoutes: MapRoute[] = $derived.by(() => {
		const rb = this.rboard;
		if (!this.plan || !rb) return [];
		return this.plan.trains.flatMap((t, i) => {
			const json = routeJson(rb, t);
			if (!json) return [];
			const legs = json.connections.map((c) => c.map(String));
			return [{ key: t.train, colour: ROUTE_COLOURS[i % ROUTE_COLOURS.length], stops: t.stops, legs }];
		});
	});
	/** Last round's routes, offered again when the engine still accepts them on today's board. */
	readonly lastRun: { plan: RoutePlan; offer: LastRunOffer } | null = $derived.by(() => {
		const { gs, game, entity } = this.#in();
		if (!this.rboard || !entity) return null;
		const routes = lastRunRoutes(game.actions, entity);
		if (!routes || routes.length === 0) return null;
		const { plan, dropped } = planFromRoutes(gs, this.rboard, entity, routes);
		const c = checkPlan(gs, this.rboard, plan);
		const problem = c.problem ?? (c.routes && c.routes.length > 0 ? null : 'none of its trains can run them now.');
		return { plan, offer: { total: problem ? null : c.total, problem, dropped } };
	});
	/** "Other way": the last two stops of the chosen train are joined by more than one stretch of track. */
	readonly canCycle: boolean = $derived(
		!!this.rboard &&
			!!this.currentRoute &&
			this.currentRoute.stops.length > 1 &&
			legCount(this.rboard, this.currentRoute, this.currentRoute.stops.length - 2) > 1
	);
	/** Some train has a stop (Escape clears them). */
	readonly hasStops: boolean = $derived(this.plan?.trains.some((t) => t.stops.length > 0) ?? false);

	constructor(inputs: () => RouteStepInputs) {
		this.#in = inputs;
	}

	pickTrain(train: string): void {
		this.#trainPick = train;
		this.clickProblem = null;
	}

	setPlan(plan: RoutePlan): void {
		this.#planState = { gs: this.#in().gs, plan };
		this.clickProblem = null;
	}

	onstop(hex: HexId, node: number): void {
		if (!this.rboard || !this.plan || !this.current || this.searching) return;
		const r = addStop(this.rboard, this.plan, this.current, { hex, node });
		if (r.ok) this.setPlan(r.plan);
		else this.clickProblem = r.message;
	}

	undoStop(train: string): void {
		if (this.plan) this.setPlan(removeLastStop(this.plan, train));
	}

	clearTrain(train: string): void {
		if (this.plan) this.setPlan(clearTrain(this.plan, train));
	}

	clearAll(): void {
		const { gs, entity } = this.#in();
		if (entity) this.setPlan(emptyPlan(gs, entity));
	}

	cycleLast(train: string): void {
		const t = this.plan?.trains.find((x) => x.train === train);
		if (this.rboard && this.plan && t) this.setPlan(cycleLeg(this.rboard, this.plan, train, t.stops.length - 2));
	}

	useLastRun(): void {
		if (this.lastRun) this.setPlan(this.lastRun.plan);
	}

	/** The finder's routes as the plan to edit (only while the position is the one searched). */
	#adopt(at: GameState, routes: readonly RouteJson[]): void {
		const { gs, entity } = this.#in();
		if (at !== gs || !this.rboard || !entity) return;
		this.#planState = { gs: at, plan: planFromRoutes(at, this.rboard, entity, routes).plan };
		this.clickProblem = null;
	}

	/** Best routes: the best run so far is shown (and editable) while the worker searches. */
	async findRoutes(): Promise<void> {
		const { gs: at, game } = this.#in();
		this.findError = null;
		const controller = new AbortController();
		this.#search = { gs: at, controller };
		try {
			const best = await this.router.find(
				at,
				{ gameId: game.game, actionCount: game.actionCount },
				{ signal: controller.signal, onProgress: (soFar) => this.#adopt(at, soFar.routes) }
			);
			if (best) this.#adopt(at, best.routes);
		} catch (e) {
			// A cancelled search keeps the best run found so far, to edit.
			if (!controller.signal.aborted) this.findError = e instanceof Error ? e.message : String(e);
		} finally {
			if (this.#search?.controller === controller) this.#search = null;
		}
	}

	cancelSearch(): void {
		this.#search?.controller.abort();
		this.#search = null;
	}

	/** Runs the plan's routes (when the engine accepts at least one). */
	run(): void {
		const { game, entity } = this.#in();
		const routes = this.check?.routes;
		if (!entity || !routes || routes.length === 0 || this.searching) return;
		void game.act(runRoutesAction(entity, routes), 'or-run');
	}

	/** A new position: the old one's problem and search are of no use now. */
	reset(): void {
		this.clickProblem = null;
		this.cancelSearch();
	}

	close(): void {
		this.cancelSearch();
		this.router.close();
	}
}
