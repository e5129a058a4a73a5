/**
 * A picture described as shapes (polygons, ellipses, rectangles over a vertical gradient) and
 * written out as SVG, which the render worker rasterises and encodes as JPEG with sharp (libvips).
 * Only the drawing of the demo pictures is ours; drawing them pixel by pixel in JavaScript and
 * encoding with a JavaScript JPEG encoder cost about 300 ms of CPU for an 800 px photo (a 360
 * spin's 36 frames, ten seconds of a core), where sharp takes about 20 ms.
 */
export type Rgb = readonly [number, number, number];

type Point = readonly [number, number];

const n = (value: number) => Number(value.toFixed(2));
const fill = ([r, g, b]: Rgb, alpha: number) =>
  `fill="rgb(${Math.round(r)},${Math.round(g)},${Math.round(b)})"${alpha < 1 ? ` fill-opacity="${n(Math.max(0, alpha))}"` : ''}`;

export class Picture {
  private readonly shapes: string[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** Vertical gradient over the whole picture. */
  gradient(top: Rgb, bottom: Rgb): void {
    const stop = (offset: number, [r, g, b]: Rgb) =>
      `<stop offset="${offset}" stop-color="rgb(${Math.round(r)},${Math.round(g)},${Math.round(b)})"/>`;
    const id = `g${this.shapes.length}`;
    this.shapes.push(
      `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stop(0, top)}${stop(1, bottom)}</linearGradient></defs>`,
      `<rect width="${this.width}" height="${this.height}" fill="url(#${id})"/>`,
    );
  }

  /** Fills a polygon (even-odd rule). */
  polygon(points: ReadonlyArray<Point>, colour: Rgb, alpha = 1): void {
    if (points.length < 3) return;
    this.shapes.push(
      `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill-rule="evenodd" ${fill(colour, alpha)}/>`,
    );
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, colour: Rgb, alpha = 1): void {
    this.shapes.push(`<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" ${fill(colour, alpha)}/>`);
  }

  rect(x: number, y: number, w: number, h: number, colour: Rgb, alpha = 1): void {
    this.polygon(
      [
        [x, y],
        [x + w, y],
        [x + w, y + h],
        [x, y + h],
      ],
      colour,
      alpha,
    );
  }

  toSvg(): string {
    // An opaque white ground, as a photo has: JPEG has no transparency.
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}"><rect width="${this.width}" height="${this.height}" fill="#fff"/>${this.shapes.join('')}</svg>`;
  }
}

export function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function shade([r, g, b]: Rgb, factor: number): Rgb {
  const f = (v: number) => Math.max(0, Math.min(255, factor >= 1 ? v + (255 - v) * (factor - 1) : v * factor));
  return [f(r), f(g), f(b)];
}
