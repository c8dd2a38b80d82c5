/**
 * The tile being chosen for one hex: which of the legal tiles, at which of its legal
 * rotations. It holds the engine's answer for the hex (legalTileLays) and only steps
 * through it; it never decides what is legal.
 */
import type { MapDef } from '$lib/engine/core/board-map';
import type { HexId, TileId } from '$lib/engine/core/ids';
import type { TileDef } from '$lib/engine/core/tile';
import type { HexLayOptions, TileLay } from '$lib/engine/titles/g1822/map/lays';
import type { TilePreview } from './hex-view';

export interface PickChoice {
	readonly def: TileDef;
	readonly tileId: TileId;
	readonly rotations: readonly { readonly rotation: number; readonly cost: number }[];
}

export class TilePick {
	#hex = $state<HexId | null>(null);
	#choices = $state.raw<readonly PickChoice[]>([]);
	#tile = $state(0);
	#rotation = $state(0);

	get hex(): HexId | null {
		return this.#hex;
	}
	get choices(): readonly PickChoice[] {
		return this.#choices;
	}
	get tileIndex(): number {
		return this.#tile;
	}
	get active(): boolean {
		return this.#hex !== null && this.#choices.length > 0;
	}

	/** The chosen tile, rotation and cost, or null when nothing is being picked. */
	get current(): { choice: PickChoice; rotation: number; cost: number } | null {
		const choice = this.#choices[this.#tile];
		if (!this.#hex || !choice) return null;
		const r = choice.rotations[this.#rotation] ?? choice.rotations[0];
		return { choice, rotation: r.rotation, cost: r.cost };
	}

	get preview(): TilePreview | null {
		const c = this.current;
		return c && this.#hex ? { hex: this.#hex, tile: c.choice.def, rotation: c.rotation } : null;
	}

	/** Opens the picker on a hex with the engine's options for it (tiles unknown to the map are left out). */
	open(map: MapDef, options: HexLayOptions): void {
		const choices: PickChoice[] = [];
		for (const t of options.tiles) {
			const def = map.tiles.get(t.tile);
			if (def && t.rotations.length > 0) choices.push({ def, tileId: t.tileId, rotations: t.rotations });
		}
		this.#hex = options.hex;
		this.#choices = choices;
		this.#tile = 0;
		this.#rotation = 0;
	}

	chooseTile(index: number): void {
		if (index < 0 || index >= this.#choices.length) return;
		if (index === this.#tile) {
			this.rotate(1);
			return;
		}
		this.#tile = index;
		this.#rotation = 0;
	}

	/** Next (step 1) or previous (step -1) tile. */
	stepTile(step: number): void {
		const n = this.#choices.length;
		if (n === 0) return;
		this.#tile = (((this.#tile + step) % n) + n) % n;
		this.#rotation = 0;
	}

	/** Next or previous legal rotation of the chosen tile; illegal rotations are never shown. */
	rotate(step: number): void {
		const choice = this.#choices[this.#tile];
		if (!choice) return;
		const n = choice.rotations.length;
		this.#rotation = (((this.#rotation + step) % n) + n) % n;
	}

	cancel(): void {
		this.#hex = null;
		this.#choices = [];
		this.#tile = 0;
		this.#rotation = 0;
	}

	/** The lay to submit, and closes the picker; null when nothing is chosen. */
	confirm(): (TileLay & { cost: number }) | null {
		const c = this.current;
		const hex = this.#hex;
		if (!c || !hex) return null;
		this.cancel();
		return { hex, tile: c.choice.tileId, rotation: c.rotation, cost: c.cost };
	}
}
