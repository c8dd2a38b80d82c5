/**
 * How each 1822 train runs [rules digest 6.1, 7.1; g_1822/game.rb TRAINS, train_type;
 * g_1822/step/route.rb attach_pullman]:
 * - local (L, LP): at most one city and one town, no off-board, no English Channel;
 * - numbered (2–7, 2P, 5P): that many stops of any kind (France costs no stop);
 * - express (E): any number of stops, only the company's station cities pay, at ×2;
 * - pullman: a numbered train with the P+ attached: its number counts cities and
 *   off-boards only, towns are free.
 * The P+ carriage itself never runs.
 */
import type { TrainId } from '../../../core/ids';

export const ROUTE_TRAIN_KINDS = ['local', 'numbered', 'express', 'pullman'] as const;
export type RouteTrainKind = (typeof ROUTE_TRAIN_KINDS)[number];

export interface RouteTrain {
	readonly id: TrainId;
	/** The train's name as the company holds it ("L", "3", "E", "2P" …). */
	readonly name: string;
	readonly kind: RouteTrainKind;
	/** Stops for numbered trains; cities and off-boards for a pullman; unlimited (99) for E. */
	readonly distance: number;
	/** Revenue multiplier (E: 2). */
	readonly multiplier: number;
}

export const LOCAL_TRAIN_NAMES: readonly string[] = ['L', 'LP'];
export const EXPRESS_TRAIN_NAME = 'E';
export const PULLMAN_NAME = 'P+';
/** Any number of stops, as the reference writes it. */
export const UNLIMITED = 99;

/** Can a P+ be attached to this train? Not to L, LP or E [g_1822/step/route.rb pullman_train_choices]. */
export function pullmanCanAttach(name: string): boolean {
	return name !== PULLMAN_NAME && !LOCAL_TRAIN_NAMES.includes(name) && name !== EXPRESS_TRAIN_NAME;
}

/**
 * The running rules of a train, or null when it cannot run (P+, or a name this title
 * does not have). `pullman`: the company attached its P+ to this train for the run.
 */
export function routeTrain(id: TrainId, name: string, pullman = false): RouteTrain | null {
	if (name === PULLMAN_NAME) return null;
	if (LOCAL_TRAIN_NAMES.includes(name)) return pullman ? null : { id, name, kind: 'local', distance: 1, multiplier: 1 };
	if (name === EXPRESS_TRAIN_NAME) return pullman ? null : { id, name, kind: 'express', distance: UNLIMITED, multiplier: 2 };
	const m = /^(\d+)P?$/.exec(name);
	if (!m) return null;
	const distance = Number(m[1]);
	return { id, name, kind: pullman ? 'pullman' : 'numbered', distance, multiplier: 1 };
}

/** Overlap classes: E trains and the other trains never block each other [g_1822/game.rb check_overlap]. */
export function overlapClass(train: RouteTrain): 'express' | 'normal' {
	return train.kind === 'express' ? 'express' : 'normal';
}
