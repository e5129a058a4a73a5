/**
 * Draws the demo yard's car photos (infra/demo-feed/photos) from its sample feed: each car in
 * its own colour and body shape, parked on the yard under the yard's banner and bunting. Run once
 * after changing the feed, and commit what it writes: `npm start` serves the files as they are.
 *
 *   npx tsx infra/scripts/demo-feed-photos.ts
 *
 * Every file is drawn from the feed row alone (the picture's variety is seeded by its
 * vehicle_id), so running it again on an unchanged feed writes the same pictures.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { DEMO_FEED, DEMO_FEED_FILE, DEMO_FEED_PHOTOS_DIR } from '@forecourt/demo-data/demo-feed/demo-feed';
import { resolveTenantsDir } from '@forecourt/config/paths';

const WIDTH = 960;
const HEIGHT = 640;
const QUALITY = 74;

type Row = Record<string, string>;
type Point = readonly [number, number];

/** A body as drawn: its outline and side glass, from the rear (x 0) to the front (x 1), y up, in car lengths. */
interface Body {
  outline: Point[];
  glass: Point[][];
  wheels: readonly [number, number];
  wheelRadius: number;
  /** Where the body's lower edge (sill) is. */
  sill: number;
  /** The body's length against a sedan's. */
  scale: number;
  /** Door shut lines, as x positions. */
  doors: number[];
  /** Tail and head light: x, y of the light's centre. */
  tail: Point;
  head: Point;
}

const BODIES: Record<string, Body> = {
  sedan: {
    outline: [
      [0.015, 0.1],
      [0, 0.17],
      [0.012, 0.245],
      [0.2, 0.262],
      [0.33, 0.37],
      [0.56, 0.376],
      [0.715, 0.272],
      [0.955, 0.238],
      [1, 0.17],
      [0.985, 0.1],
    ],
    glass: [
      [
        [0.225, 0.268],
        [0.337, 0.356],
        [0.47, 0.36],
        [0.47, 0.268],
      ],
      [
        [0.485, 0.268],
        [0.485, 0.36],
        [0.548, 0.36],
        [0.69, 0.27],
      ],
    ],
    wheels: [0.19, 0.8],
    wheelRadius: 0.076,
    sill: 0.1,
    scale: 1,
    doors: [0.478, 0.68],
    tail: [0.012, 0.215],
    head: [0.975, 0.21],
  },
  hatch: {
    outline: [
      [0.02, 0.11],
      [0, 0.2],
      [0.01, 0.31],
      [0.07, 0.405],
      [0.53, 0.41],
      [0.7, 0.292],
      [0.955, 0.252],
      [1, 0.18],
      [0.985, 0.11],
    ],
    glass: [
      [
        [0.06, 0.3],
        [0.095, 0.385],
        [0.27, 0.39],
        [0.27, 0.3],
      ],
      [
        [0.285, 0.3],
        [0.285, 0.39],
        [0.5, 0.392],
        [0.665, 0.295],
      ],
    ],
    wheels: [0.17, 0.815],
    wheelRadius: 0.085,
    sill: 0.11,
    scale: 0.86,
    doors: [0.28, 0.66],
    tail: [0.01, 0.27],
    head: [0.975, 0.22],
  },
  wagon: {
    outline: [
      [0.015, 0.105],
      [0, 0.18],
      [0.006, 0.28],
      [0.045, 0.37],
      [0.565, 0.38],
      [0.72, 0.276],
      [0.955, 0.24],
      [1, 0.17],
      [0.985, 0.105],
    ],
    glass: [
      [
        [0.04, 0.28],
        [0.07, 0.352],
        [0.27, 0.358],
        [0.27, 0.28],
      ],
      [
        [0.285, 0.28],
        [0.285, 0.36],
        [0.47, 0.362],
        [0.47, 0.28],
      ],
      [
        [0.485, 0.28],
        [0.485, 0.362],
        [0.552, 0.362],
        [0.695, 0.275],
      ],
    ],
    wheels: [0.19, 0.8],
    wheelRadius: 0.076,
    sill: 0.105,
    scale: 1,
    doors: [0.478, 0.68],
    tail: [0.008, 0.245],
    head: [0.975, 0.21],
  },
  suv: {
    outline: [
      [0.02, 0.13],
      [0, 0.22],
      [0.005, 0.36],
      [0.035, 0.462],
      [0.58, 0.47],
      [0.735, 0.345],
      [0.965, 0.31],
      [1, 0.21],
      [0.985, 0.13],
    ],
    glass: [
      [
        [0.035, 0.35],
        [0.06, 0.44],
        [0.25, 0.445],
        [0.25, 0.35],
      ],
      [
        [0.265, 0.35],
        [0.265, 0.447],
        [0.47, 0.45],
        [0.47, 0.35],
      ],
      [
        [0.485, 0.35],
        [0.485, 0.45],
        [0.57, 0.452],
        [0.705, 0.35],
      ],
    ],
    wheels: [0.18, 0.8],
    wheelRadius: 0.092,
    sill: 0.13,
    scale: 1.02,
    doors: [0.478, 0.7],
    tail: [0.008, 0.32],
    head: [0.975, 0.275],
  },
  ute: {
    outline: [
      [0.012, 0.13],
      [0, 0.2],
      [0, 0.33],
      [0.375, 0.33],
      [0.388, 0.47],
      [0.6, 0.475],
      [0.735, 0.35],
      [0.97, 0.318],
      [1, 0.22],
      [0.988, 0.13],
    ],
    glass: [
      [
        [0.405, 0.352],
        [0.405, 0.455],
        [0.505, 0.458],
        [0.505, 0.352],
      ],
      [
        [0.518, 0.352],
        [0.518, 0.458],
        [0.592, 0.458],
        [0.71, 0.352],
      ],
    ],
    wheels: [0.17, 0.8],
    wheelRadius: 0.09,
    sill: 0.13,
    scale: 1.1,
    doors: [0.51, 0.72],
    tail: [0.006, 0.29],
    head: [0.978, 0.285],
  },
  van: {
    outline: [
      [0.012, 0.11],
      [0, 0.2],
      [0, 0.52],
      [0.025, 0.548],
      [0.77, 0.55],
      [0.9, 0.39],
      [0.985, 0.32],
      [1, 0.19],
      [0.988, 0.11],
    ],
    glass: [
      [
        [0.74, 0.39],
        [0.74, 0.525],
        [0.768, 0.527],
        [0.875, 0.39],
      ],
    ],
    wheels: [0.16, 0.8],
    wheelRadius: 0.082,
    sill: 0.11,
    scale: 1.08,
    doors: [0.46, 0.72],
    tail: [0.006, 0.3],
    head: [0.98, 0.27],
  },
  'people mover': {
    outline: [
      [0.015, 0.11],
      [0, 0.2],
      [0.004, 0.38],
      [0.04, 0.462],
      [0.66, 0.47],
      [0.835, 0.31],
      [0.97, 0.275],
      [1, 0.18],
      [0.985, 0.11],
    ],
    glass: [
      [
        [0.035, 0.36],
        [0.065, 0.44],
        [0.3, 0.445],
        [0.3, 0.36],
      ],
      [
        [0.315, 0.36],
        [0.315, 0.447],
        [0.56, 0.45],
        [0.56, 0.36],
      ],
      [
        [0.575, 0.36],
        [0.575, 0.45],
        [0.65, 0.452],
        [0.8, 0.33],
      ],
    ],
    wheels: [0.16, 0.81],
    wheelRadius: 0.08,
    sill: 0.11,
    scale: 1.05,
    doors: [0.31, 0.57, 0.79],
    tail: [0.006, 0.33],
    head: [0.98, 0.24],
  },
  coupe: {
    outline: [
      [0.015, 0.095],
      [0, 0.16],
      [0.012, 0.225],
      [0.13, 0.245],
      [0.41, 0.34],
      [0.545, 0.338],
      [0.7, 0.255],
      [0.965, 0.215],
      [1, 0.155],
      [0.985, 0.095],
    ],
    glass: [
      [
        [0.2, 0.258],
        [0.41, 0.326],
        [0.5, 0.326],
        [0.5, 0.258],
      ],
      [
        [0.515, 0.258],
        [0.515, 0.325],
        [0.538, 0.325],
        [0.672, 0.256],
      ],
    ],
    wheels: [0.2, 0.8],
    wheelRadius: 0.078,
    sill: 0.095,
    scale: 1.02,
    doors: [0.68],
    tail: [0.012, 0.2],
    head: [0.978, 0.195],
  },
  convertible: {
    outline: [
      [0.02, 0.1],
      [0, 0.17],
      [0.015, 0.235],
      [0.33, 0.243],
      [0.36, 0.27],
      [0.42, 0.272],
      [0.44, 0.245],
      [0.6, 0.245],
      [0.965, 0.218],
      [1, 0.16],
      [0.985, 0.1],
    ],
    glass: [
      [
        [0.6, 0.245],
        [0.52, 0.33],
        [0.535, 0.333],
        [0.625, 0.245],
      ],
    ],
    wheels: [0.18, 0.81],
    wheelRadius: 0.082,
    sill: 0.1,
    scale: 0.82,
    doors: [0.63],
    tail: [0.012, 0.2],
    head: [0.978, 0.2],
  },
};

/** Meta's body styles as the importer maps them (docs/stock.md), to the shapes above. */
const BODY_OF: Record<string, keyof typeof BODIES> = {
  SEDAN: 'sedan',
  HATCHBACK: 'hatch',
  WAGON: 'wagon',
  SUV: 'suv',
  PICKUP: 'ute',
  VAN: 'van',
  MINIVAN: 'people mover',
  COUPE: 'coupe',
  CONVERTIBLE: 'convertible',
};

/** Paint by the words of a maker's colour name, first match wins ('Eclipse Black' is black, 'Eclipse Blue' blue). */
const PAINTS: ReadonlyArray<[RegExp, string]> = [
  [/black|obsidian|phantom/i, '#16181c'],
  [/white|ivory|vanilla|cream|snow|alpine|frosted/i, '#eef0f1'],
  [/red|atomic rush/i, '#b3121b'],
  [/yellow/i, '#f2c200'],
  [/green/i, '#2f5a3c'],
  [/blue/i, '#1f4f9c'],
  [/silver|aluminium|tungsten|nitrate|sterling|lunar|ceramic/i, '#b7bcc2'],
  [/grey|graphite|slate|titanium|indium|meteor|monsoon|granite|panthera/i, '#5f656c'],
];

function paintOf(colour: string): string {
  return PAINTS.find(([words]) => words.test(colour))?.[1] ?? '#8a8f96';
}

/** A small deterministic generator, seeded by the vehicle_id: the same row draws the same picture. */
function seeded(text: string): () => number {
  let state = 2166136261;
  for (const char of text) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const value = (n >> shift) & 255;
    const moved = amount >= 0 ? value + (255 - value) * amount : value * (1 + amount);
    return Math.round(Math.min(255, Math.max(0, moved)));
  };
  return `rgb(${channel(16)},${channel(8)},${channel(0)})`;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A closed path through the points with each corner rounded by up to `radius` (in the points' units). */
function rounded(points: readonly Point[], radius: number): string {
  const n = points.length;
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const [px, py] = points[(i - 1 + n) % n]!;
    const [x, y] = points[i]!;
    const [nx, ny] = points[(i + 1) % n]!;
    const cut = (ax: number, ay: number) => {
      const length = Math.hypot(ax - x, ay - y);
      const r = Math.min(radius, length / 2);
      return [x + ((ax - x) * r) / length, y + ((ay - y) * r) / length] as const;
    };
    const [ix, iy] = cut(px, py);
    const [ox, oy] = cut(nx, ny);
    parts.push(
      `${i === 0 ? 'M' : 'L'}${ix.toFixed(2)},${iy.toFixed(2)} Q${x.toFixed(2)},${y.toFixed(2)} ${ox.toFixed(2)},${oy.toFixed(2)}`,
    );
  }
  return `${parts.join(' ')} Z`;
}

function wheel(cx: number, cy: number, r: number, spokes: number, turn: number): string {
  const rim = r * 0.62;
  const spokeLines = Array.from({ length: spokes }, (_, i) => {
    const angle = turn + (i * 2 * Math.PI) / spokes;
    const x = cx + Math.cos(angle) * rim * 0.92;
    const y = cy + Math.sin(angle) * rim * 0.92;
    return `<line x1="${cx.toFixed(1)}" y1="${cy.toFixed(1)}" x2="${x.toFixed(1)}" y2="${y.toFixed(1)}" stroke="#c9ced4" stroke-width="${(r * 0.13).toFixed(1)}" stroke-linecap="round"/>`;
  }).join('');
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#17181a"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${(r * 0.86).toFixed(1)}" fill="none" stroke="#2a2c2f" stroke-width="${(r * 0.08).toFixed(1)}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${rim.toFixed(1)}" fill="#5b6066"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${(rim * 0.93).toFixed(1)}" fill="#3a3e43"/>` +
    spokeLines +
    `<circle cx="${cx}" cy="${cy}" r="${(r * 0.14).toFixed(1)}" fill="#d6dade"/>`
  );
}

interface CarDrawing {
  body: Body;
  paint: string;
  price: string;
  spokes: number;
}

/** The yard's name and colours, from its tenant file: the banner, the bunting and the price stickers. */
interface Yard {
  name: string;
  primary: string;
  accent: string;
}

/**
 * The car, `length` px long from its rear (x) on the ground line, facing right. A mirrored car
 * (drawn inside a flipped group) keeps its sticker's price readable.
 */
function carSvg(
  car: CarDrawing,
  yard: Yard,
  x: number,
  ground: number,
  length: number,
  id: string,
  mirrored: boolean,
): string {
  const { body, paint } = car;
  const L = length * body.scale;
  const px = (p: Point): Point => [x + p[0] * L, ground - p[1] * L];
  const outline = body.outline.map(px);
  const sillY = ground - body.sill * L;
  const r = body.wheelRadius * L;
  const wheelY = ground - r;
  const beltY = ground - (body.glass[0]![0]![1] - 0.012) * L;
  const glass = body.glass
    .map(
      (pane) =>
        `<path d="${rounded(pane.map(px), L * 0.012)}" fill="url(#glass-${id})" stroke="${shade(paint, -0.55)}" stroke-width="${(L * 0.004).toFixed(1)}"/>`,
    )
    .join('');
  const doors = body.doors
    .map((d) => {
      const dx = x + d * L;
      return (
        `<line x1="${dx.toFixed(1)}" y1="${(beltY - L * 0.005).toFixed(1)}" x2="${dx.toFixed(1)}" y2="${(sillY - L * 0.012).toFixed(1)}" stroke="${shade(paint, -0.45)}" stroke-width="${(L * 0.0035).toFixed(1)}" opacity="0.8"/>` +
        `<rect x="${(dx - L * 0.055).toFixed(1)}" y="${(beltY + L * 0.022).toFixed(1)}" width="${(L * 0.032).toFixed(1)}" height="${(L * 0.008).toFixed(1)}" rx="${(L * 0.004).toFixed(1)}" fill="${shade(paint, -0.35)}"/>`
      );
    })
    .join('');
  const [tx, ty] = px(body.tail);
  const [hx, hy] = px(body.head);
  const firstPane = body.glass[body.glass.length > 1 ? body.glass.length - 2 : 0]!;
  // The price on the windscreen sticker, as yards write it, on the rear side glass.
  const [sx, sy] = px([(firstPane[0]![0] + firstPane[3]![0]) / 2, (firstPane[0]![1] + firstPane[1]![1]) / 2]);
  const sticker = L * 0.085;
  const arches = body.wheels
    .map(
      (w) =>
        `<circle cx="${(x + w * L).toFixed(1)}" cy="${wheelY.toFixed(1)}" r="${(r * 1.13).toFixed(1)}" fill="#0d0e10"/>`,
    )
    .join('');
  const wheels = body.wheels.map((w, i) => wheel(x + w * L, wheelY, r, car.spokes, i * 0.7)).join('');
  return (
    `<ellipse cx="${(x + L * 0.5).toFixed(1)}" cy="${(ground + L * 0.006).toFixed(1)}" rx="${(L * 0.56).toFixed(1)}" ry="${(L * 0.035).toFixed(1)}" fill="#000" opacity="0.45" filter="url(#blur-${id})"/>` +
    `<path d="${rounded(outline, L * 0.03)}" fill="url(#paint-${id})" stroke="${shade(paint, -0.5)}" stroke-width="${(L * 0.003).toFixed(1)}"/>` +
    // The sill in shadow, and a highlight along the shoulder.
    `<path d="M${(x + L * 0.02).toFixed(1)},${(sillY - L * 0.035).toFixed(1)} L${(x + L * 0.98).toFixed(1)},${(sillY - L * 0.035).toFixed(1)}" stroke="${shade(paint, -0.3)}" stroke-width="${(L * 0.012).toFixed(1)}" opacity="0.5"/>` +
    `<path d="M${(x + L * 0.03).toFixed(1)},${(beltY + L * 0.01).toFixed(1)} L${(x + L * 0.95).toFixed(1)},${(beltY + L * 0.016).toFixed(1)}" stroke="#fff" stroke-width="${(L * 0.006).toFixed(1)}" opacity="0.35"/>` +
    arches +
    glass +
    doors +
    `<rect x="${(tx - L * 0.01).toFixed(1)}" y="${(ty - L * 0.018).toFixed(1)}" width="${(L * 0.028).toFixed(1)}" height="${(L * 0.036).toFixed(1)}" rx="${(L * 0.006).toFixed(1)}" fill="#c0141c"/>` +
    `<ellipse cx="${(hx - L * 0.012).toFixed(1)}" cy="${hy.toFixed(1)}" rx="${(L * 0.022).toFixed(1)}" ry="${(L * 0.014).toFixed(1)}" fill="#f4f6f8" stroke="${shade(paint, -0.5)}" stroke-width="1"/>` +
    `<rect x="${(sx - sticker / 2).toFixed(1)}" y="${(sy - sticker * 0.32).toFixed(1)}" width="${sticker.toFixed(1)}" height="${(sticker * 0.64).toFixed(1)}" rx="3" fill="${yard.accent}"/>` +
    `<text${mirrored ? ` transform="translate(${(2 * sx).toFixed(1)},0) scale(-1,1)"` : ''} x="${sx.toFixed(1)}" y="${(sy + sticker * 0.11).toFixed(1)}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="${(sticker * 0.27).toFixed(1)}" text-anchor="middle" fill="#1b1b1b">${escapeXml(car.price)}</text>` +
    wheels
  );
}

/** Gum trees on the skyline: a trunk and a loose crown of leaves. */
function gum(x: number, base: number, size: number, random: () => number): string {
  const leaves = Array.from({ length: 7 }, () => {
    const lx = x + (random() - 0.5) * size * 0.9;
    const ly = base - size * (0.75 + random() * 0.45);
    return `<ellipse cx="${lx.toFixed(1)}" cy="${ly.toFixed(1)}" rx="${(size * (0.18 + random() * 0.14)).toFixed(1)}" ry="${(size * (0.12 + random() * 0.08)).toFixed(1)}" fill="${random() < 0.5 ? '#5d7550' : '#6e8a5c'}"/>`;
  }).join('');
  return `<path d="M${x - size * 0.03},${base} L${x - size * 0.015},${base - size * 0.8} L${x + size * 0.015},${base - size * 0.8} L${x + size * 0.035},${base} Z" fill="#d9d2c3"/>${leaves}`;
}

/** A car further down the row, out of focus: only its shape and paint. */
function parkedCar(x: number, ground: number, length: number, paint: string, body: Body): string {
  const L = length * body.scale;
  const outline = body.outline.map((p): Point => [x + p[0] * L, ground - p[1] * L]);
  const r = body.wheelRadius * L;
  return (
    `<path d="${rounded(outline, L * 0.03)}" fill="${paint}"/>` +
    body.glass
      .map(
        (pane) =>
          `<path d="${rounded(
            pane.map((p): Point => [x + p[0] * L, ground - p[1] * L]),
            L * 0.01,
          )}" fill="#3c4650"/>`,
      )
      .join('') +
    body.wheels
      .map(
        (w) =>
          `<circle cx="${(x + w * L).toFixed(1)}" cy="${(ground - r).toFixed(1)}" r="${r.toFixed(1)}" fill="#151515"/>`,
      )
      .join('')
  );
}

const SKIES = [
  ['#5b9bd5', '#cfe6f7'],
  ['#6fa8dc', '#e6f1f8'],
  ['#4f86c0', '#bcd9ef'],
  ['#7aa9cf', '#f3e3c7'],
] as const;

/**
 * One photo of the car: `view` 0 is the car side on, facing right, the whole yard behind it; 1
 * the same car from its other side, nearer; 2 close on its front wheel and headlight.
 */
function sceneSvg(car: CarDrawing, yard: Yard, vehicleId: string, view: number): string {
  const random = seeded(`${vehicleId}/${view}`);
  const [skyTop, skyBottom] = SKIES[Math.floor(seeded(vehicleId)() * SKIES.length)]!;
  const horizon = HEIGHT * 0.56;
  const id = `${vehicleId}-${view}`;
  const trees = Array.from({ length: 6 }, (_, i) =>
    gum(((i + random() * 0.8) * WIDTH) / 5.5, horizon - HEIGHT * 0.07, HEIGHT * (0.18 + random() * 0.1), random),
  ).join('');
  const office = WIDTH * (0.08 + random() * 0.5);
  const bannerWidth = WIDTH * 0.46;
  const flags = Array.from({ length: 26 }, (_, i) => {
    const fx = (i * WIDTH) / 25;
    const sag = Math.sin((i / 25) * Math.PI * 3) * 12;
    const fy = HEIGHT * 0.1 + sag;
    const colour = [yard.accent, '#ffffff', yard.primary, '#d94f2b'][i % 4];
    return `<path d="M${fx - 9},${fy} L${fx + 9},${fy} L${fx},${fy + 24} Z" fill="${colour}"/>`;
  }).join('');
  const rowGround = horizon + HEIGHT * 0.05;
  const parked = Array.from({ length: 4 }, (_, i) => {
    const bodies = Object.values(BODIES);
    const body = bodies[Math.floor(random() * bodies.length)]!;
    const paint = ['#9aa3ab', '#d7d9db', '#3d4a5c', '#7a2a2a', '#e9e9e6', '#4a4f55'][Math.floor(random() * 6)]!;
    return parkedCar(i * WIDTH * 0.27 - WIDTH * 0.05 + random() * 40, rowGround, WIDTH * 0.24, paint, body);
  }).join('');
  const bays = Array.from({ length: 9 }, (_, i) => {
    const bx = (i - 1) * WIDTH * 0.16 + random() * 10;
    return `<path d="M${bx},${HEIGHT} L${bx + WIDTH * 0.1},${horizon + HEIGHT * 0.1}" stroke="#f4f4f0" stroke-width="5" opacity="0.55"/>`;
  }).join('');
  // The car: side on across most of the frame, nearer for the other side, very near for the wheel.
  const length = [WIDTH * 0.82, WIDTH * 0.98, WIDTH * 1.9][view]!;
  const ground = [HEIGHT * 0.9, HEIGHT * 0.95, HEIGHT * 1.04][view]!;
  const scaled = length * car.body.scale;
  // Side on, centred; nearer, centred; close, the front wheel a little left of the middle.
  const left = view === 2 ? WIDTH * 0.4 - car.body.wheels[1] * scaled : (WIDTH - scaled) / 2;
  const mirrored = view === 1;
  const carGroup = `<g${mirrored ? ` transform="translate(${WIDTH},0) scale(-1,1)"` : ''}>${carSvg(car, yard, left + (random() - 0.5) * 20, ground, length, id, mirrored)}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs>
  <linearGradient id="sky-${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>
  <linearGradient id="ground-${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8d8f8e"/><stop offset="1" stop-color="#5a5c5d"/></linearGradient>
  <linearGradient id="paint-${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(car.paint, 0.28)}"/><stop offset="0.45" stop-color="${car.paint}"/><stop offset="1" stop-color="${shade(car.paint, -0.4)}"/></linearGradient>
  <linearGradient id="glass-${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7f93a6"/><stop offset="0.5" stop-color="#2b3642"/><stop offset="1" stop-color="#1a2129"/></linearGradient>
  <filter id="blur-${id}" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="8"/></filter>
  <filter id="soft-${id}"><feGaussianBlur stdDeviation="${view === 2 ? 6 : 2.2}"/></filter>
</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky-${id})"/>
<g filter="url(#soft-${id})">
  ${trees}
  <rect x="0" y="${horizon - HEIGHT * 0.07}" width="${WIDTH}" height="${HEIGHT * 0.07}" fill="#b9b2a2"/>
  <rect x="${office}" y="${horizon - HEIGHT * 0.27}" width="${bannerWidth}" height="${HEIGHT * 0.27}" fill="#e8e2d4"/>
  <rect x="${office}" y="${horizon - HEIGHT * 0.3}" width="${bannerWidth}" height="${HEIGHT * 0.09}" fill="${yard.primary}"/>
  <text x="${office + bannerWidth / 2}" y="${horizon - HEIGHT * 0.235}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="${HEIGHT * 0.045}" text-anchor="middle" fill="${yard.accent}">${escapeXml(yard.name.toUpperCase())}</text>
  <rect x="${office + bannerWidth * 0.1}" y="${horizon - HEIGHT * 0.17}" width="${bannerWidth * 0.35}" height="${HEIGHT * 0.17}" fill="#6c7a86"/>
  <rect x="${office + bannerWidth * 0.55}" y="${horizon - HEIGHT * 0.15}" width="${bannerWidth * 0.3}" height="${HEIGHT * 0.08}" fill="#9fb3c4"/>
  <rect x="0" y="${horizon}" width="${WIDTH}" height="${HEIGHT - horizon}" fill="url(#ground-${id})"/>
  <path d="M0,${HEIGHT * 0.1} Q${WIDTH / 4},${HEIGHT * 0.14} ${WIDTH / 2},${HEIGHT * 0.1} T${WIDTH},${HEIGHT * 0.1}" stroke="#444" stroke-width="1.5" fill="none"/>
  ${flags}
  ${parked}
  ${bays}
</g>
${carGroup}
</svg>`;
}

const money = (dollars: number) => `$${dollars.toLocaleString('en-AU')}`;

async function main(): Promise<void> {
  const tenant = JSON.parse(await fs.readFile(path.join(resolveTenantsDir(), `${DEMO_FEED.tenant}.json`), 'utf8')) as {
    name: string;
    theme: { primary: string; accent: string };
  };
  const yard: Yard = { name: tenant.name, ...tenant.theme };
  const rows = parse(await fs.readFile(DEMO_FEED_FILE, 'utf8'), { columns: true, skip_empty_lines: true }) as Row[];
  await fs.rm(DEMO_FEED_PHOTOS_DIR, { recursive: true, force: true });
  await fs.mkdir(DEMO_FEED_PHOTOS_DIR, { recursive: true });
  let files = 0;
  let bytes = 0;
  for (const row of rows) {
    const vehicleId = row['vehicle_id']!;
    const body = BODIES[BODY_OF[row['body_style']!.toUpperCase()] ?? 'sedan']!;
    const asking = Number.parseFloat(row['sale_price'] || row['price']!);
    const car: CarDrawing = {
      body,
      paint: paintOf(row['exterior_color']!),
      price: money(asking),
      spokes: 5 + Math.floor(seeded(vehicleId)() * 3),
    };
    const urls = Object.keys(row)
      .filter((column) => /^image\[\d+\]\.url$/.test(column) && row[column])
      .map((column) => row[column]!);
    for (const [view, url] of urls.entries()) {
      const file = path.join(DEMO_FEED_PHOTOS_DIR, path.posix.basename(new URL(url).pathname));
      const jpeg = await sharp(Buffer.from(sceneSvg(car, yard, vehicleId, view % 3)))
        .jpeg({ quality: QUALITY, mozjpeg: true })
        .toBuffer();
      await fs.writeFile(file, jpeg);
      files++;
      bytes += jpeg.length;
    }
  }
  console.log(
    `Wrote ${files} photos of ${rows.length} cars, ${(bytes / 1024 / 1024).toFixed(2)} MB, into ${path.relative(process.cwd(), DEMO_FEED_PHOTOS_DIR)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
