/**
 * Pan and zoom of one map element: the view (SVG viewBox) as state, and the gestures that
 * change it: wheel zoom around the pointer, drag, two-finger pinch (pointer events, so
 * mouse, pen and touch alike), keys and buttons. The arithmetic lives in viewport.ts.
 */
import type { Bounds, Point } from './geometry';
import {
	ZOOM_STEP,
	clampView,
	fitView,
	panBy,
	toBoard,
	withAspect,
	zoomAt,
	zoomCentre,
	type View
} from './viewport';

/** Pixels a pointer must move before a press becomes a drag (and stops being a click). */
const DRAG_THRESHOLD = 5;

export class PanZoom {
	#view = $state<View>({ x: 0, y: 0, w: 1000, h: 800 });
	#size = $state({ w: 0, h: 0 });
	readonly #bounds: () => Bounds;
	#element: HTMLElement | null = null;
	#fitted = false;
	// Pointer positions are bookkeeping for gestures, never rendered: a plain Map is right.
	// eslint-disable-next-line svelte/prefer-svelte-reactivity
	readonly #pointers = new Map<number, Point>();
	#drag: { start: Point; view: View; moved: boolean } | null = null;
	#pinch: { dist: number; anchor: Point; view: View } | null = null;
	/** Set by a drag or pinch, so the click that ends it selects nothing. */
	#dragged = false;

	constructor(bounds: () => Bounds) {
		this.#bounds = bounds;
	}

	get view(): View {
		return this.#view;
	}
	get size(): { readonly w: number; readonly h: number } {
		return this.#size;
	}
	/** True when the last press moved the view: its click is not a choice. */
	get dragged(): boolean {
		return this.#dragged;
	}

	set(v: View): void {
		this.#view = clampView(v, this.#bounds());
	}

	fit(): void {
		const { w, h } = this.#size;
		if (w > 0) this.#view = fitView(this.#bounds(), h / w);
	}

	zoomIn(): void {
		this.set(zoomCentre(this.#view, ZOOM_STEP));
	}

	zoomOut(): void {
		this.set(zoomCentre(this.#view, 1 / ZOOM_STEP));
	}

	/** Centres a board point, zooming in to at most `width` board units across. */
	bringIntoView(at: Point, width: number, margin: Point): void {
		const v = this.#view;
		const { w: sw, h: sh } = this.#size;
		if (sw === 0) return;
		const w = Math.min(v.w, width);
		const inside =
			at.x > v.x + margin.x && at.x < v.x + v.w - margin.x && at.y > v.y + margin.y && at.y < v.y + v.h - margin.y;
		if (inside && w === v.w) return;
		const h = (w * sh) / sw;
		this.set({ x: at.x - w / 2, y: at.y - h / 2, w, h });
	}

	/** Centres a board point at `width` board units across (or the current width if narrower); false until the element has a size. */
	centre(at: Point, width: number): boolean {
		const { w: sw, h: sh } = this.#size;
		if (sw === 0) return false;
		const w = Math.min(this.#view.w, width);
		const h = (w * sh) / sw;
		this.set({ x: at.x - w / 2, y: at.y - h / 2, w, h });
		return true;
	}

	/**
	 * Follows an element: its size (the first size fits the board, later ones keep the
	 * zoom) and its wheel, whose listener cannot be passive since it cancels page scrolling.
	 * Returns the cleanup.
	 */
	attach(el: HTMLElement): () => void {
		this.#element = el;
		const ro = new ResizeObserver(([entry]) => {
			const w = entry.contentRect.width;
			const h = entry.contentRect.height;
			if (w <= 0 || h <= 0) return;
			this.#size = { w, h };
			if (!this.#fitted) {
				this.#fitted = true;
				this.fit();
			} else this.#view = withAspect(this.#view, h / w);
		});
		ro.observe(el);
		const onWheel = (e: WheelEvent) => {
			e.preventDefault();
			const p = this.#local(e);
			const at = toBoard(this.#view, p.x, p.y, this.#size.w);
			const delta = e.deltaMode === 1 ? e.deltaY * 33 : e.deltaY;
			this.set(zoomAt(this.#view, Math.exp(-delta * 0.0015), at));
		};
		el.addEventListener('wheel', onWheel, { passive: false });
		return () => {
			ro.disconnect();
			el.removeEventListener('wheel', onWheel);
			this.#element = null;
		};
	}

	#local(e: { clientX: number; clientY: number }): Point {
		const r = this.#element?.getBoundingClientRect();
		return r ? { x: e.clientX - r.left, y: e.clientY - r.top } : { x: e.clientX, y: e.clientY };
	}

	/** Keep receiving a gesture's moves outside the map; a pointer already gone cannot be captured. */
	#capture(id: number): void {
		try {
			this.#element?.setPointerCapture(id);
		} catch {
			// the gesture still works while the pointer stays over the map
		}
	}

	pointerdown(e: PointerEvent): void {
		if (e.pointerType === 'mouse' && e.button !== 0) return;
		const p = this.#local(e);
		this.#pointers.set(e.pointerId, p);
		this.#dragged = false;
		if (this.#pointers.size === 1) {
			this.#drag = { start: p, view: this.#view, moved: false };
		} else if (this.#pointers.size === 2) {
			const [a, b] = [...this.#pointers.values()];
			const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
			const anchor = toBoard(this.#view, mid.x, mid.y, this.#size.w);
			this.#pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y), anchor, view: this.#view };
			this.#drag = null;
			for (const id of this.#pointers.keys()) this.#capture(id);
		}
	}

	pointermove(e: PointerEvent): void {
		if (!this.#pointers.has(e.pointerId)) return;
		const p = this.#local(e);
		this.#pointers.set(e.pointerId, p);
		const { w: sw, h: sh } = this.#size;
		const pinch = this.#pinch;
		if (pinch && this.#pointers.size === 2) {
			// the board point first under the fingers' midpoint stays under it
			const [a, b] = [...this.#pointers.values()];
			const dist = Math.max(Math.hypot(a.x - b.x, a.y - b.y), 1);
			const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
			const w = pinch.view.w / (dist / Math.max(pinch.dist, 1));
			const s = w / sw;
			this.set({ x: pinch.anchor.x - mid.x * s, y: pinch.anchor.y - mid.y * s, w, h: (w * sh) / sw });
			this.#dragged = true;
			return;
		}
		const drag = this.#drag;
		if (!drag) return;
		const dx = p.x - drag.start.x;
		const dy = p.y - drag.start.y;
		if (!drag.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
		if (!drag.moved) {
			drag.moved = true;
			this.#capture(e.pointerId);
		}
		const s = drag.view.w / sw;
		this.set(panBy(drag.view, -dx * s, -dy * s));
		this.#dragged = true;
	}

	pointerup(e: PointerEvent): void {
		this.#pointers.delete(e.pointerId);
		if (this.#pointers.size < 2) this.#pinch = null;
		if (this.#pointers.size === 0) this.#drag = null;
	}

	/** Arrow keys pan, + and − zoom, 0 fits. True when the key was used. */
	key(key: string): boolean {
		const v = this.#view;
		const step = v.w * 0.12;
		switch (key) {
			case 'ArrowLeft':
				this.set(panBy(v, -step, 0));
				return true;
			case 'ArrowRight':
				this.set(panBy(v, step, 0));
				return true;
			case 'ArrowUp':
				this.set(panBy(v, 0, -step));
				return true;
			case 'ArrowDown':
				this.set(panBy(v, 0, step));
				return true;
			case '+':
			case '=':
				this.zoomIn();
				return true;
			case '-':
			case '_':
				this.zoomOut();
				return true;
			case '0':
				this.fit();
				return true;
			default:
				return false;
		}
	}
}
