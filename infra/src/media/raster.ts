/**
 * A minimal RGBA raster: enough to draw the demo car pictures (polygons, ellipses, gradients)
 * without a native image library. Coordinates are in pixels; shapes are anti-aliased by 2x2
 * supersampling along the edges of polygons, which is plenty for demo stock photos.
 */
export type Rgb = readonly [number, number, number];

export class Raster {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 4);
  }

  private blend(x: number, y: number, [r, g, b]: Rgb, alpha: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    const i = (y * this.width + x) * 4;
    const a = Math.min(1, alpha);
    this.data[i] = this.data[i]! + (r - this.data[i]!) * a;
    this.data[i + 1] = this.data[i + 1]! + (g - this.data[i + 1]!) * a;
    this.data[i + 2] = this.data[i + 2]! + (b - this.data[i + 2]!) * a;
    this.data[i + 3] = 255;
  }

  /** Vertical gradient over the whole raster. */
  gradient(top: Rgb, bottom: Rgb): void {
    for (let y = 0; y < this.height; y++) {
      const t = y / Math.max(1, this.height - 1);
      const colour: Rgb = [top[0] + (bottom[0] - top[0]) * t, top[1] + (bottom[1] - top[1]) * t, top[2] + (bottom[2] - top[2]) * t];
      for (let x = 0; x < this.width; x++) this.blend(x, y, colour, 1);
    }
  }

  /** Fills a polygon (even-odd rule) with 4 sub-scanlines per pixel row for smooth edges. */
  polygon(points: ReadonlyArray<readonly [number, number]>, colour: Rgb, alpha = 1): void {
    if (points.length < 3) return;
    const ys = points.map((p) => p[1]);
    const minY = Math.max(0, Math.floor(Math.min(...ys)));
    const maxY = Math.min(this.height - 1, Math.ceil(Math.max(...ys)));
    const coverage = new Float32Array(this.width);
    for (let y = minY; y <= maxY; y++) {
      coverage.fill(0);
      let any = false;
      for (let sub = 0; sub < 4; sub++) {
        const sy = y + (sub + 0.5) / 4;
        const xs: number[] = [];
        for (let i = 0; i < points.length; i++) {
          const [x1, y1] = points[i]!;
          const [x2, y2] = points[(i + 1) % points.length]!;
          if ((y1 <= sy && y2 > sy) || (y2 <= sy && y1 > sy)) xs.push(x1 + ((sy - y1) / (y2 - y1)) * (x2 - x1));
        }
        xs.sort((a, b) => a - b);
        for (let k = 0; k + 1 < xs.length; k += 2) {
          const from = Math.max(0, xs[k]!);
          const to = Math.min(this.width, xs[k + 1]!);
          for (let x = Math.floor(from); x < Math.ceil(to); x++) {
            const cover = Math.min(x + 1, to) - Math.max(x, from);
            if (cover > 0) {
              coverage[x] = coverage[x]! + cover / 4;
              any = true;
            }
          }
        }
      }
      if (!any) continue;
      for (let x = 0; x < this.width; x++) if (coverage[x]! > 0) this.blend(x, y, colour, coverage[x]! * alpha);
    }
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, colour: Rgb, alpha = 1): void {
    const steps = Math.max(24, Math.ceil((rx + ry) / 2));
    const points: Array<[number, number]> = [];
    for (let i = 0; i < steps; i++) {
      const t = (i / steps) * Math.PI * 2;
      points.push([cx + Math.cos(t) * rx, cy + Math.sin(t) * ry]);
    }
    this.polygon(points, colour, alpha);
  }

  rect(x: number, y: number, w: number, h: number, colour: Rgb, alpha = 1): void {
    this.polygon([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], colour, alpha);
  }
}

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function shade([r, g, b]: Rgb, factor: number): Rgb {
  const f = (v: number) => Math.max(0, Math.min(255, factor >= 1 ? v + (255 - v) * (factor - 1) : v * factor));
  return [f(r), f(g), f(b)];
}
