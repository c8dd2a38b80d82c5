// Whether an app update would interrupt a player's turn. A game page reports who made the last
// action and who must act now; when the same seat on this device is still acting (bids placed
// but the turn not passed, a track lay done but the routes not run…), the update waits.

/** True when `lastActor` has acted and is still among the entities that must act now. */
export function isMidTurn(lastActor: string | null, acting: readonly string[], localSeats: readonly string[]): boolean {
	if (lastActor === null) return false;
	return acting.includes(lastActor) && localSeats.includes(lastActor);
}

class TurnGuard {
	#midTurn = $state(false);

	get midTurn(): boolean {
		return this.#midTurn;
	}

	/** Called by a game page whenever its state changes; `clear()` when it closes. */
	report(lastActor: string | null, acting: readonly string[], localSeats: readonly string[]): void {
		this.#midTurn = isMidTurn(lastActor, acting, localSeats);
	}

	clear(): void {
		this.#midTurn = false;
	}
}

export const turnGuard = new TurnGuard();
