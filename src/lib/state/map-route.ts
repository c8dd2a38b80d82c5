/** A train's route drawn over the map: its stops in order and the hexes of each leg. */
export interface MapRoute {
	readonly key: string;
	readonly colour: string;
	readonly stops: readonly { readonly hex: string; readonly node: number }[];
	/** Per leg, the hexes its track crosses in walking order (junction names as the engine writes them). */
	readonly legs: readonly (readonly string[])[];
}
