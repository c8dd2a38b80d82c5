/** What sits on a tile besides its printed parts: slot contents and markers. */
export interface SlotContent {
	readonly corporation: string;
	/** A placed token, a destination token, or a home reservation still waiting. */
	readonly kind: 'token' | 'destination' | 'reserved';
}

export interface MarkerContent {
	readonly corporation: string;
	readonly kind: 'destination' | 'home';
}
