/**
 * Pan and zoom of the board as plain data: the SVG viewBox. The view always has the
 * aspect ratio of the element it is shown in, so one screen pixel is the same number of
 * board units across and down, and pointer deltas convert with a single scale.
 */
import type { Bounds, Point } from './geometry';

export interface View {
	readonly x: number;
	readonly y: number;
	readonly w: number;
	readonly h: number;
}

/** Closest zoom: about two hexes across the screen. */
export const MIN_VIEW_WIDTH = 220;
export const ZOOM_STEP = 1.25;

export function viewBoxAttr(v: View): string {
	return `${v.x} ${v.y} ${v.w} ${v.h}`;
}

/** The whole board, centred, in an element of the given aspect (height / width). */
export function fitView(b: Bounds, aspect: number): View {
	const bw = b.maxX - b.minX;
	const bh = b.maxY - b.minY;
	const w = Math.max(bw, bh / aspect);
	const h = w * aspect;
	return { x: b.minX + (bw - w) / 2, y: b.minY + (bh - h) / 2, w, h };
}

/** Keeps the zoom between MIN_VIEW_WIDTH and twice the board, and some board on screen. */
export function clampView(v: View, b: Bounds): View {
	const bw = b.maxX - b.minX;
	const bh = b.maxY - b.minY;
	const maxW = Math.max(bw, (bh * v.w) / v.h) * 2;
	const w = Math.min(Math.max(v.w, MIN_VIEW_WIDTH), maxW);
	const h = (w * v.h) / v.w;
	const cx = v.x + v.w / 2;
	const cy = v.y + v.h / 2;
	const x = Math.min(Math.max(cx, b.minX), b.maxX) - w / 2;
	const y = Math.min(Math.max(cy, b.minY), b.maxY) - h / 2;
	return { x, y, w, h };
}

/** Zoom by `factor` (>1 zooms in) keeping the board point `at` where it is on screen. */
export function zoomAt(v: View, factor: number, at: Point): View {
	const w = v.w / factor;
	const h = v.h / factor;
	return { x: at.x - (at.x - v.x) / factor, y: at.y - (at.y - v.y) / factor, w, h };
}

export function zoomCentre(v: View, factor: number): View {
	return zoomAt(v, factor, { x: v.x + v.w / 2, y: v.y + v.h / 2 });
}

/** Moves the view by a board-unit delta. */
export function panBy(v: View, dx: number, dy: number): View {
	return { ...v, x: v.x + dx, y: v.y + dy };
}

/** Changes the aspect (element resized) keeping the centre and the width. */
export function withAspect(v: View, aspect: number): View {
	const h = v.w * aspect;
	return { x: v.x, y: v.y + (v.h - h) / 2, w: v.w, h };
}

/** A point of the element (pixels from its top-left) in board units. */
export function toBoard(v: View, px: number, py: number, elementWidth: number): Point {
	const s = v.w / elementWidth;
	return { x: v.x + px * s, y: v.y + py * s };
}
