// Draws the app's icons (a locomotive on a flat-topped hex) and writes them as PNG files.
// The drawing is plain geometry, supersampled for smooth edges; PNG encoding uses Node's zlib.
// Run: node scripts/make-icons.mjs  (the output is committed under static/icons/)
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'static', 'icons');
mkdirSync(out, { recursive: true });

const BLUE = [29, 78, 137];
const NAVY = [16, 42, 74];
const GOLD = [244, 211, 94];
const CREAM = [250, 244, 227];

/** Shapes in a unit square (0..1); later shapes paint over earlier ones. */
function scene(maskable) {
	// Maskable icons keep their content inside the central 80% "safe zone".
	const s = maskable ? 0.72 : 1;
	const t = (x, y) => [0.5 + (x - 0.5) * s, 0.5 + (y - 0.5) * s];
	const hex = [];
	for (let i = 0; i < 6; i++) {
		const a = (Math.PI / 3) * i;
		hex.push(t(0.5 + 0.48 * Math.cos(a), 0.5 + 0.48 * Math.sin(a)));
	}
	const rect = (x0, y0, x1, y1) => [t(x0, y0), t(x1, y0), t(x1, y1), t(x0, y1)];
	const circle = (cx, cy, r) => ({ c: t(cx, cy), r: r * s });
	const shapes = [];
	if (maskable) shapes.push({ poly: rect(-1, -1, 2, 2), color: NAVY });
	shapes.push({ poly: hex, color: BLUE });
	shapes.push({ poly: rect(0.14, 0.7, 0.86, 0.73), color: CREAM }); // rail
	shapes.push({ poly: rect(0.22, 0.42, 0.62, 0.6), color: GOLD }); // boiler
	shapes.push({ poly: rect(0.58, 0.3, 0.78, 0.6), color: GOLD }); // cab
	shapes.push({ poly: rect(0.55, 0.27, 0.81, 0.31), color: GOLD }); // cab roof
	shapes.push({ poly: rect(0.62, 0.35, 0.74, 0.45), color: BLUE }); // cab window
	shapes.push({ poly: rect(0.27, 0.3, 0.33, 0.42), color: GOLD }); // chimney
	shapes.push({ poly: [t(0.16, 0.6), t(0.22, 0.5), t(0.22, 0.6)], color: GOLD }); // cowcatcher
	for (const [cx, r] of [[0.3, 0.07], [0.47, 0.07], [0.68, 0.08]]) {
		shapes.push({ circle: circle(cx, 0.63, r), color: GOLD });
		shapes.push({ circle: circle(cx, 0.63, r * 0.4), color: BLUE });
	}
	return shapes;
}

function inPoly(x, y, poly) {
	let inside = false;
	for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
		const [xi, yi] = poly[i];
		const [xj, yj] = poly[j];
		if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
	}
	return inside;
}

function colourAt(x, y, shapes) {
	let c = null;
	for (const sh of shapes) {
		const hit = sh.poly
			? inPoly(x, y, sh.poly)
			: (x - sh.circle.c[0]) ** 2 + (y - sh.circle.c[1]) ** 2 <= sh.circle.r ** 2;
		if (hit) c = sh.color;
	}
	return c;
}

function render(size, maskable) {
	const shapes = scene(maskable);
	const n = 4; // supersampling per axis
	const px = Buffer.alloc(size * size * 4);
	for (let y = 0; y < size; y++) {
		for (let x = 0; x < size; x++) {
			let r = 0, g = 0, b = 0, a = 0;
			for (let sy = 0; sy < n; sy++) {
				for (let sx = 0; sx < n; sx++) {
					const c = colourAt((x + (sx + 0.5) / n) / size, (y + (sy + 0.5) / n) / size, shapes);
					if (c) { r += c[0]; g += c[1]; b += c[2]; a += 1; }
				}
			}
			const i = (y * size + x) * 4;
			if (a > 0) { px[i] = Math.round(r / a); px[i + 1] = Math.round(g / a); px[i + 2] = Math.round(b / a); }
			px[i + 3] = Math.round((255 * a) / (n * n));
		}
	}
	return png(size, size, px);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});
function crc32(buf) {
	let c = 0xffffffff;
	for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
	const len = Buffer.alloc(4);
	len.writeUInt32BE(data.length);
	const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(td));
	return Buffer.concat([len, td, crc]);
}
function png(w, h, rgba) {
	const ihdr = Buffer.alloc(13);
	ihdr.writeUInt32BE(w, 0);
	ihdr.writeUInt32BE(h, 4);
	ihdr[8] = 8; // bit depth
	ihdr[9] = 6; // RGBA
	const raw = Buffer.alloc((w * 4 + 1) * h);
	for (let y = 0; y < h; y++) rgba.copy(raw, y * (w * 4 + 1) + 1, y * w * 4, (y + 1) * w * 4);
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', ihdr),
		chunk('IDAT', deflateSync(raw, { level: 9 })),
		chunk('IEND', Buffer.alloc(0))
	]);
}

for (const [name, size, maskable] of [
	['icon-192.png', 192, false],
	['icon-512.png', 512, false],
	['icon-maskable-512.png', 512, true],
	['apple-touch-icon-180.png', 180, true]
]) {
	writeFileSync(join(out, name), render(size, maskable));
	console.log(`wrote ${name}`);
}
