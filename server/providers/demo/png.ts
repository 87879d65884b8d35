import { deflateSync } from 'node:zlib';

/**
 * A small raster canvas and PNG encoder for the demo season's images, with no dependencies.
 *
 * Shapes are filled as polygons (curves are flattened to short straight segments) with the non-zero
 * winding rule, so several outlines passed to one `fillPath` call form their union and an opacity
 * applies to the union once, as an SVG `<g opacity>` would. Anti-aliasing: each pixel row is sampled
 * on SUBROWS sub-scanlines, and on each of them the horizontal coverage of a span is exact; the
 * coverage is then rounded to 1/16 steps (what 4×4 supersampling would give) so that the image keeps
 * few distinct colours and fits an indexed PNG. Colours blend in sRGB like browsers do.
 *
 * Coordinates are in user units (`scale` pixels each), so a design drawn on a 100×100 SVG viewBox
 * can be painted on a 72×72 canvas unchanged.
 */

export type Point = readonly [number, number];
/** A closed outline; the last point joins the first. */
export type Contour = readonly Point[];

const SUBROWS = 8;
const LEVELS = 16;

/** '#rrggbb' or '#rgb' → [r, g, b] in 0..255. */
export function parseColor(color: string): [number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) throw new Error(`Unsupported colour "${color}"`);
  const full = hex.length === 3 ? hex.replace(/./g, (d) => d + d) : hex;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

// ---- geometry ------------------------------------------------------------------------------------

const signedArea = (points: Contour) => {
  let area = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i];
    const [x1, y1] = points[(i + 1) % points.length];
    area += x0 * y1 - x1 * y0;
  }
  return area / 2;
};

/** The same outline turning the same way as every other `positive` one, so outlines add up (union). */
export const positive = (points: Contour): Point[] => (signedArea(points) < 0 ? [...points].reverse() : [...points]);

const withoutRepeats = (points: Contour): Point[] => {
  const out: Point[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (!last || Math.hypot(p[0] - last[0], p[1] - last[1]) > 1e-9) out.push(p);
  }
  while (out.length > 1 && Math.hypot(out[0][0] - out[out.length - 1][0], out[0][1] - out[out.length - 1][1]) <= 1e-9) out.pop();
  return out;
};

export function rect(x: number, y: number, w: number, h: number): Point[] {
  return [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
}

/** A circle as a polygon fine enough that no chord strays a hundredth of a pixel at `scale`. */
export function circle(cx: number, cy: number, r: number, scale = 1): Point[] {
  const n = Math.min(512, Math.max(24, Math.ceil((2 * Math.PI * r * scale) / 1.5)));
  const points: Point[] = [];
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * i) / n;
    points.push([cx + r * Math.cos(t), cy + r * Math.sin(t)]);
  }
  return points;
}

export function roundedRect(x: number, y: number, w: number, h: number, radius: number, scale = 1): Point[] {
  const r = Math.max(0, Math.min(radius, w / 2, h / 2));
  if (r === 0) return rect(x, y, w, h);
  const quarter = Math.max(6, Math.ceil((Math.PI * r * scale) / 2 / 1.5));
  const points: Point[] = [];
  const corners: [number, number, number][] = [
    [x + w - r, y + r, -Math.PI / 2], [x + w - r, y + h - r, 0], [x + r, y + h - r, Math.PI / 2], [x + r, y + r, Math.PI],
  ];
  for (const [cx, cy, start] of corners) {
    for (let i = 0; i <= quarter; i++) {
      const t = start + (Math.PI / 2) * (i / quarter);
      points.push([cx + r * Math.cos(t), cy + r * Math.sin(t)]);
    }
  }
  return withoutRepeats(points);
}

/** Points along a cubic Bézier from p0 (excluded) to p3 (included). */
export function cubic(p0: Point, p1: Point, p2: Point, p3: Point, segments = 24): Point[] {
  const points: Point[] = [];
  for (let i = 1; i <= segments; i++) {
    const t = i / segments;
    const u = 1 - t;
    const a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
    points.push([a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]]);
  }
  return points;
}

/** A ring: the band between radii r - width/2 and r + width/2 (an SVG circle's stroke). */
export function ring(cx: number, cy: number, r: number, width: number, scale = 1): Point[][] {
  const outer = positive(circle(cx, cy, r + width / 2, scale));
  return r - width / 2 > 0 ? [outer, positive(circle(cx, cy, r - width / 2, scale)).reverse()] : [outer];
}

/**
 * The stroke of a closed outline with mitred corners (SVG's default join, miter limit 4, bevel past
 * it): the band between the outline pushed out and pulled in by width/2. Exact for convex outlines.
 */
export function outline(points: Contour, width: number): Point[][] {
  const p = positive(withoutRepeats(points));
  const n = p.length;
  if (n < 3) return [];
  const half = width / 2;
  const offset = (d: number) => {
    const out: Point[] = [];
    for (let i = 0; i < n; i++) {
      const prev = p[(i + n - 1) % n], cur = p[i], next = p[(i + 1) % n];
      // Outward normals of the edges before and after this corner.
      const n0 = normal(prev, cur), n1 = normal(cur, next);
      const cos = n0[0] * n1[0] + n0[1] * n1[1];
      const miter = Math.sqrt(2 / (1 + cos));
      if (cos > -0.999 && miter <= 4) {
        const k = d / (1 + cos);
        out.push([cur[0] + (n0[0] + n1[0]) * k, cur[1] + (n0[1] + n1[1]) * k]);
      } else {
        out.push([cur[0] + n0[0] * d, cur[1] + n0[1] * d], [cur[0] + n1[0] * d, cur[1] + n1[1] * d]);
      }
    }
    return out;
  };
  return [offset(half), offset(-half).reverse()];
}

function normal(a: Point, b: Point): Point {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const length = Math.hypot(dx, dy);
  // A positive outline runs clockwise on screen (y down), so (dy, -dx) points outwards.
  return [dy / length, -dx / length];
}

/** The stroke of an open polyline: butt ends, round joins between segments. */
export function polylineStroke(points: Contour, width: number, scale = 1): Point[][] {
  const p = withoutRepeats(points);
  const half = width / 2;
  const parts: Point[][] = [];
  for (let i = 0; i + 1 < p.length; i++) {
    const [x0, y0] = p[i], [x1, y1] = p[i + 1];
    const length = Math.hypot(x1 - x0, y1 - y0);
    const nx = (-(y1 - y0) / length) * half, ny = ((x1 - x0) / length) * half;
    parts.push(positive([[x0 + nx, y0 + ny], [x1 + nx, y1 + ny], [x1 - nx, y1 - ny], [x0 - nx, y0 - ny]]));
    if (i > 0) parts.push(positive(circle(x0, y0, half, scale)));
  }
  return parts;
}

// ---- bitmap font ---------------------------------------------------------------------------------

/** 5×7 capitals and digits (one string of 7 rows of 5 cells per glyph). */
const FONT: Record<string, string> = {
  '0': '01110100011001110101110011000101110', '1': '00100011000010000100001000010001110',
  '2': '01110100010000100010001000100011111', '3': '11111000100010000010000011000101110',
  '4': '00010001100101010010111110001000010', '5': '11111100001111000001000011000101110',
  '6': '00110010001000011110100011000101110', '7': '11111000010001000100010000100001000',
  '8': '01110100011000101110100011000101110', '9': '01110100011000101111000010001001100',
  A: '01110100011000111111100011000110001', B: '11110100011000111110100011000111110',
  C: '01110100011000010000100001000101110', D: '11100100101000110001100011001011100',
  E: '11111100001000011110100001000011111', F: '11111100001000011110100001000010000',
  G: '01110100011000010111100011000101111', H: '10001100011000111111100011000110001',
  I: '01110001000010000100001000010001110', J: '00111000100001000010000101001001100',
  K: '10001100101010011000101001001010001', L: '10000100001000010000100001000011111',
  M: '10001110111010110101100011000110001', N: '10001100011100110101100111000110001',
  O: '01110100011000110001100011000101110', P: '11110100011000111110100001000010000',
  Q: '01110100011000110001101011001001101', R: '11110100011000111110101001001010001',
  S: '01111100001000001110000010000111110', T: '11111001000010000100001000010000100',
  U: '10001100011000110001100011000101110', V: '10001100011000110001100010101000100',
  W: '10001100011000110101101011010101010', X: '10001100010101000100010101000110001',
  Y: '10001100011000101010001000010000100', Z: '11111000010001000100010001000011111',
  '-': '00000000000000011111000000000000000', '.': '00000000000000000000000000110001100',
  ' ': '00000000000000000000000000000000000',
};
export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

interface RowScratch {
  active: Int32Array;
  xs: Float64Array;
  dirs: Int8Array;
}

// ---- canvas --------------------------------------------------------------------------------------

export class Canvas {
  readonly width: number;
  readonly height: number;
  readonly scale: number;
  /** Premultiplied RGBA, 0..1. */
  private readonly pixels: Float64Array;
  private readonly cover: Float64Array;
  private readonly run: Float64Array;

  constructor(width: number, height: number, options: { scale?: number; background?: string } = {}) {
    this.width = width;
    this.height = height;
    this.scale = options.scale ?? 1;
    this.pixels = new Float64Array(width * height * 4);
    this.cover = new Float64Array(width + 2);
    this.run = new Float64Array(width + 2);
    if (options.background) {
      const [r, g, b] = parseColor(options.background).map((v) => v / 255);
      for (let k = 0; k < this.pixels.length; k += 4) {
        this.pixels[k] = r;
        this.pixels[k + 1] = g;
        this.pixels[k + 2] = b;
        this.pixels[k + 3] = 1;
      }
    }
  }

  /** Fills the union of the outlines (non-zero winding) with one colour at one opacity. */
  fillPath(contours: readonly Contour[], color: string, opacity = 1): void {
    const [r, g, b] = parseColor(color).map((v) => v / 255);
    const s = this.scale;
    // Edges as rows of five numbers: y at top, y at bottom, x at top, dx/dy, winding direction.
    const list: number[] = [];
    let top = Infinity, bottom = -Infinity;
    for (const contour of contours) {
      for (let i = 0; i < contour.length; i++) {
        const x0 = contour[i][0] * s, y0 = contour[i][1] * s;
        const next = contour[(i + 1) % contour.length];
        const x1 = next[0] * s, y1 = next[1] * s;
        if (y0 === y1) continue;
        if (y1 > y0) list.push(y0, y1, x0, (x1 - x0) / (y1 - y0), 1);
        else list.push(y1, y0, x1, (x0 - x1) / (y0 - y1), -1);
        top = Math.min(top, y0, y1);
        bottom = Math.max(bottom, y0, y1);
      }
    }
    if (list.length === 0) return;
    const edges = Float64Array.from(list);
    const scratch: RowScratch = {
      active: new Int32Array(edges.length / 5), xs: new Float64Array(edges.length / 5), dirs: new Int8Array(edges.length / 5),
    };
    const rowEnd = Math.min(this.height, Math.ceil(bottom));
    // Small functions per row: V8 optimises them as a whole (a long loop nest here kept being
    // replaced on the stack and thrown away again).
    for (let py = Math.max(0, Math.floor(top)); py < rowEnd; py++) {
      const span = this.coverRow(py, edges, scratch);
      if (span >= 0) this.blendRow(py, span & 0xffff, span >>> 16, r, g, b, opacity);
    }
  }

  /**
   * Adds the coverage of pixel row `py` into cover/run; returns minX | maxX << 16, or -1 when
   * nothing is covered.
   */
  private coverRow(py: number, edges: Float64Array, { active, xs, dirs }: RowScratch): number {
    const W = this.width;
    const cover = this.cover, run = this.run;
    const weight = 1 / SUBROWS;
    let activeCount = 0;
    for (let e = 0; e < edges.length; e += 5) if (edges[e] < py + 1 && edges[e + 1] > py) active[activeCount++] = e;
    if (activeCount === 0) return -1;
    let minX = W, maxX = -1;
    for (let sub = 0; sub < SUBROWS; sub++) {
      const sy = py + (sub + 0.5) / SUBROWS;
      // Crossings of this sub-scanline, kept sorted by x (insertion sort: there are few).
      let n = 0;
      for (let a = 0; a < activeCount; a++) {
        const e = active[a];
        if (!(edges[e] <= sy && sy < edges[e + 1])) continue;
        const x = edges[e + 2] + (sy - edges[e]) * edges[e + 3];
        const dir = edges[e + 4];
        let j = n++;
        while (j > 0 && (xs[j - 1] > x || (xs[j - 1] === x && dirs[j - 1] > dir))) {
          xs[j] = xs[j - 1];
          dirs[j] = dirs[j - 1];
          j--;
        }
        xs[j] = x;
        dirs[j] = dir;
      }
      let winding = 0, start = 0;
      for (let c = 0; c < n; c++) {
        const before = winding;
        winding += dirs[c];
        if (before === 0 && winding !== 0) start = xs[c];
        else if (before !== 0 && winding === 0) {
          // [start, xs[c]): exact partial pixels at both ends, whole pixels through a running sum.
          const left = Math.max(0, start), right = Math.min(W, xs[c]);
          if (right <= left) continue;
          const i0 = Math.floor(left), i1 = Math.floor(right);
          if (i0 === i1) cover[i0] += (right - left) * weight;
          else {
            cover[i0] += (i0 + 1 - left) * weight;
            run[i0 + 1] += weight;
            run[i1] -= weight;
            if (i1 < W) cover[i1] += (right - i1) * weight;
          }
          if (i0 < minX) minX = i0;
          const last = i1 < W ? i1 : W - 1;
          if (last > maxX) maxX = last;
        }
      }
    }
    return maxX < 0 ? -1 : minX | (maxX << 16);
  }

  /** Blends the colour over row `py` by the coverage in cover/run, and clears them. */
  private blendRow(py: number, minX: number, maxX: number, r: number, g: number, b: number, opacity: number): void {
    const cover = this.cover, run = this.run, px = this.pixels;
    let running = 0;
    let k = (py * this.width + minX) * 4;
    for (let x = minX; x <= maxX; x++, k += 4) {
      running += run[x];
      const coverage = running + cover[x];
      run[x] = 0;
      cover[x] = 0;
      if (coverage <= 0.5 / LEVELS) continue;
      const alpha = coverage >= 1 - 0.5 / LEVELS ? opacity : (Math.round(coverage * LEVELS) / LEVELS) * opacity;
      if (alpha === 1) {
        px[k] = r;
        px[k + 1] = g;
        px[k + 2] = b;
        px[k + 3] = 1;
      } else {
        const keep = 1 - alpha;
        px[k] = r * alpha + px[k] * keep;
        px[k + 1] = g * alpha + px[k + 1] * keep;
        px[k + 2] = b * alpha + px[k + 2] * keep;
        px[k + 3] = alpha + px[k + 3] * keep;
      }
    }
    run[maxX + 1] = 0;
    cover[maxX + 1] = 0;
  }

  fillRect(x: number, y: number, w: number, h: number, color: string, opacity = 1, radius = 0): void {
    this.fillPath([roundedRect(x, y, w, h, radius, this.scale)], color, opacity);
  }

  fillPolygon(points: Contour, color: string, opacity = 1): void {
    this.fillPath([points], color, opacity);
  }

  fillCircle(cx: number, cy: number, r: number, color: string, opacity = 1): void {
    this.fillPath([circle(cx, cy, r, this.scale)], color, opacity);
  }

  strokeCircle(cx: number, cy: number, r: number, width: number, color: string, opacity = 1): void {
    this.fillPath(ring(cx, cy, r, width, this.scale), color, opacity);
  }

  /** Strokes a closed outline (mitred corners). */
  strokePolygon(points: Contour, width: number, color: string, opacity = 1): void {
    this.fillPath(outline(points, width), color, opacity);
  }

  strokeRect(x: number, y: number, w: number, h: number, width: number, color: string, opacity = 1): void {
    this.fillPath(outline(rect(x, y, w, h), width), color, opacity);
  }

  strokePolyline(points: Contour, width: number, color: string, opacity = 1): void {
    this.fillPath(polylineStroke(points, width, this.scale), color, opacity);
  }

  /**
   * Writes text in the 5×7 bitmap font, centred on cx with its baseline at `baseline`, capitals
   * `capHeight` user units tall. Cells snap to whole pixels so the letters stay crisp.
   */
  text(text: string, cx: number, baseline: number, capHeight: number, color: string, opacity = 1): void {
    const chars = [...text.toUpperCase()];
    if (chars.length === 0) return;
    const cell = Math.max(1, Math.round((capHeight * this.scale) / GLYPH_HEIGHT));
    const widthPx = (chars.length * (GLYPH_WIDTH + 1) - 1) * cell;
    const left = Math.round(cx * this.scale - widthPx / 2);
    const topPx = Math.round(baseline * this.scale) - GLYPH_HEIGHT * cell;
    const u = 1 / this.scale;
    const cells: Point[][] = [];
    chars.forEach((ch, index) => {
      const glyph = FONT[ch] ?? FONT[' '];
      const x0 = left + index * (GLYPH_WIDTH + 1) * cell;
      for (let row = 0; row < GLYPH_HEIGHT; row++) {
        // One rectangle per horizontal run of set cells keeps the outline count low.
        for (let col = 0; col < GLYPH_WIDTH; col++) {
          if (glyph[row * GLYPH_WIDTH + col] !== '1') continue;
          let end = col;
          while (end + 1 < GLYPH_WIDTH && glyph[row * GLYPH_WIDTH + end + 1] === '1') end++;
          cells.push(rect((x0 + col * cell) * u, (topPx + row * cell) * u, (end - col + 1) * cell * u, cell * u));
          col = end;
        }
      }
    });
    this.fillPath(cells, color, opacity);
  }

  /** 8-bit RGBA, not premultiplied; fully transparent pixels are 0,0,0,0. */
  toRgba(): Uint8Array {
    const out = new Uint8Array(this.width * this.height * 4);
    const px = this.pixels;
    for (let k = 0; k < px.length; k += 4) {
      const A = px[k + 3];
      if (A * 255 < 0.5) continue;
      // Rounded to the nearest 8-bit value (all values are ≥ 0, and ≤ 1 once unpremultiplied).
      const f = A >= 1 ? 255 : 255 / A;
      out[k] = Math.min(255, (px[k] * f + 0.5) | 0);
      out[k + 1] = Math.min(255, (px[k + 1] * f + 0.5) | 0);
      out[k + 2] = Math.min(255, (px[k + 2] * f + 0.5) | 0);
      out[k + 3] = A >= 1 ? 255 : (A * 255 + 0.5) | 0;
    }
    return out;
  }

  toPng(): Buffer {
    return encodePng(this.width, this.height, this.toRgba());
  }
}

// ---- PNG -----------------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Encodes 8-bit RGBA pixels as a PNG: indexed (colour type 3, 1–8 bits, PLTE and tRNS) when there
 * are at most 256 distinct colours, otherwise RGB (type 2) if opaque or RGBA (type 6). Indexed rows
 * are not filtered; truecolour rows are filtered row by row with whichever of the five filters gives
 * the smallest sum of absolute values, unless all-None deflates smaller. Deflate level 9.
 */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  if (rgba.length !== width * height * 4) throw new Error('encodePng: pixel buffer does not match the size');
  const palette = paletteOf(rgba);
  const chunks: Buffer[] = [];
  let packed: Uint8Array; // unfiltered rows, back to back
  let rowBytes: number;
  let bytesPerPixel: number;
  let colorType: number;
  let bitDepth = 8;

  if (palette) {
    bitDepth = palette.length <= 2 ? 1 : palette.length <= 4 ? 2 : palette.length <= 16 ? 4 : 8;
    colorType = 3;
    bytesPerPixel = 1;
    rowBytes = Math.ceil((width * bitDepth) / 8);
    packed = packIndices(rgba, width, height, palette, bitDepth, rowBytes);
    const plte = new Uint8Array(palette.length * 3);
    palette.forEach((v, i) => plte.set([v >>> 24, (v >>> 16) & 0xff, (v >>> 8) & 0xff], i * 3));
    chunks.push(chunk('PLTE', plte));
    const translucent = palette.filter((v) => (v & 0xff) !== 255).length;
    if (translucent > 0) chunks.push(chunk('tRNS', Uint8Array.from(palette.slice(0, translucent), (v) => v & 0xff)));
  } else {
    let opaque = true;
    for (let k = 3; k < rgba.length; k += 4) if (rgba[k] !== 255) opaque = false;
    colorType = opaque ? 2 : 6;
    bytesPerPixel = opaque ? 3 : 4;
    rowBytes = width * bytesPerPixel;
    if (opaque) {
      packed = new Uint8Array(width * height * 3);
      for (let i = 0, k = 0; k < rgba.length; k += 4) {
        packed[i++] = rgba[k];
        packed[i++] = rgba[k + 1];
        packed[i++] = rgba[k + 2];
      }
    } else packed = rgba;
  }

  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([bitDepth, colorType, 0, 0, 0], 8);

  const deflate = (data: Uint8Array) => deflateSync(data, { level: 9, memLevel: 9 });
  const plain = deflate(filterRows(packed, rowBytes, height, bytesPerPixel, false));
  // Palette indices do not predict each other: the spec advises None for them, and None won on
  // every demo image. Truecolour rows get the adaptive choice too, and the smaller stream wins.
  const adaptive = colorType === 3 ? null : deflate(filterRows(packed, rowBytes, height, bytesPerPixel, true));
  const idat = adaptive && adaptive.length < plain.length ? adaptive : plain;

  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), ...chunks, chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))]);
}

const pixelAt = (rgba: Uint8Array, k: number) => ((rgba[k] << 24) | (rgba[k + 1] << 16) | (rgba[k + 2] << 8) | rgba[k + 3]) >>> 0;

/**
 * The distinct colours (0xRRGGBBAA) when there are at most 256, else null. Translucent entries come
 * first (tRNS can then stop early), then the most used; ties by value, so the order is stable.
 */
function paletteOf(rgba: Uint8Array): number[] | null {
  const counts = new Map<number, number>();
  for (let k = 0; k < rgba.length;) {
    // Runs of one colour are the rule: count them in one step.
    const v = pixelAt(rgba, k);
    let end = k + 4;
    while (end < rgba.length && rgba[end] === rgba[k] && rgba[end + 1] === rgba[k + 1] && rgba[end + 2] === rgba[k + 2] && rgba[end + 3] === rgba[k + 3]) end += 4;
    counts.set(v, (counts.get(v) ?? 0) + (end - k) / 4);
    if (counts.size > 256) return null;
    k = end;
  }
  return [...counts.entries()]
    .sort(([va, ca], [vb, cb]) => Number((va & 0xff) === 255) - Number((vb & 0xff) === 255) || cb - ca || va - vb)
    .map(([v]) => v);
}

function packIndices(rgba: Uint8Array, width: number, height: number, palette: number[], bitDepth: number, rowBytes: number): Uint8Array {
  const index = new Map(palette.map((v, i) => [v, i]));
  const out = new Uint8Array(rowBytes * height);
  const perByte = 8 / bitDepth;
  let last = -1, lastIndex = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = pixelAt(rgba, (y * width + x) * 4);
      if (v !== last) {
        last = v;
        lastIndex = index.get(v)!;
      }
      if (bitDepth === 8) out[y * rowBytes + x] = lastIndex;
      else out[y * rowBytes + ((x / perByte) | 0)] |= lastIndex << (8 - bitDepth * ((x % perByte) + 1));
    }
  }
  return out;
}

/** Rows with their filter byte in front: all None, or each with the filter the heuristic picks. */
function filterRows(packed: Uint8Array, rowBytes: number, height: number, bpp: number, adaptive: boolean): Uint8Array {
  const out = new Uint8Array(height * (rowBytes + 1));
  for (let y = 0; y < height; y++) {
    const at = y * (rowBytes + 1);
    const row = y * rowBytes;
    const type = adaptive ? chooseFilter(packed, row, rowBytes, y > 0, bpp) : 0;
    out[at] = type;
    for (let i = 0; i < rowBytes; i++) out[at + 1 + i] = (packed[row + i] - predict(type, packed, row, rowBytes, y > 0, bpp, i)) & 0xff;
  }
  return out;
}

/** The filter whose output has the smallest sum of absolute (signed) values: the usual heuristic. */
function chooseFilter(packed: Uint8Array, row: number, rowBytes: number, hasAbove: boolean, bpp: number): number {
  let best = 0, bestScore = Infinity;
  for (let type = 0; type <= 4; type++) {
    let score = 0;
    for (let i = 0; i < rowBytes && score < bestScore; i++) {
      const v = (packed[row + i] - predict(type, packed, row, rowBytes, hasAbove, bpp, i)) & 0xff;
      score += v < 128 ? v : 256 - v;
    }
    if (score < bestScore) {
      best = type;
      bestScore = score;
    }
  }
  return best;
}

/** The PNG predictor of byte i of the row starting at `row` (a: left, b: above, c: above left). */
function predict(type: number, packed: Uint8Array, row: number, rowBytes: number, hasAbove: boolean, bpp: number, i: number): number {
  if (type === 0) return 0;
  const a = i >= bpp ? packed[row + i - bpp] : 0;
  if (type === 1) return a;
  const b = hasAbove ? packed[row - rowBytes + i] : 0;
  if (type === 2) return b;
  if (type === 3) return (a + b) >> 1;
  return paeth(a, b, hasAbove && i >= bpp ? packed[row - rowBytes + i - bpp] : 0);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}
