import { hexToRgb, Picture, shade, type Rgb } from './picture';

/**
 * Demo stock photos and 360 spin frames, drawn from the car itself: its body shape, its paint
 * colour, and a viewing angle. A real deployment serves dealer photos from an image CDN; these
 * stand in for them with the same URLs and the same width/quality parameters.
 */

type Point = readonly [number, number];

interface Profile {
  /** Outline of the vehicle seen from the side, nose to the right; x 0..1, y 0..1 (ground at ~0.78). */
  body: Point[];
  windows: Point[];
  wheels: number[];
  wheelRadius: number;
}

const PROFILES: Record<string, Profile> = {
  sedan: {
    body: [
      [0.02, 0.75],
      [0.03, 0.52],
      [0.2, 0.47],
      [0.32, 0.28],
      [0.62, 0.27],
      [0.76, 0.46],
      [0.97, 0.52],
      [0.99, 0.75],
    ],
    windows: [
      [0.25, 0.47],
      [0.34, 0.32],
      [0.6, 0.31],
      [0.71, 0.46],
    ],
    wheels: [0.2, 0.8],
    wheelRadius: 0.11,
  },
  hatch: {
    body: [
      [0.03, 0.75],
      [0.03, 0.36],
      [0.1, 0.27],
      [0.55, 0.26],
      [0.72, 0.46],
      [0.97, 0.52],
      [0.98, 0.75],
    ],
    windows: [
      [0.07, 0.45],
      [0.11, 0.31],
      [0.53, 0.3],
      [0.67, 0.46],
    ],
    wheels: [0.19, 0.8],
    wheelRadius: 0.11,
  },
  suv: {
    body: [
      [0.02, 0.74],
      [0.02, 0.3],
      [0.08, 0.2],
      [0.6, 0.19],
      [0.76, 0.41],
      [0.97, 0.46],
      [0.98, 0.74],
    ],
    windows: [
      [0.06, 0.4],
      [0.1, 0.24],
      [0.58, 0.23],
      [0.71, 0.4],
    ],
    wheels: [0.19, 0.8],
    wheelRadius: 0.13,
  },
  ute: {
    body: [
      [0.02, 0.74],
      [0.02, 0.44],
      [0.42, 0.44],
      [0.44, 0.21],
      [0.66, 0.21],
      [0.77, 0.43],
      [0.97, 0.47],
      [0.98, 0.74],
    ],
    windows: [
      [0.47, 0.41],
      [0.48, 0.25],
      [0.64, 0.25],
      [0.72, 0.41],
    ],
    wheels: [0.2, 0.79],
    wheelRadius: 0.13,
  },
  coupe: {
    body: [
      [0.02, 0.75],
      [0.04, 0.55],
      [0.28, 0.5],
      [0.42, 0.33],
      [0.6, 0.32],
      [0.78, 0.5],
      [0.98, 0.56],
      [0.99, 0.75],
    ],
    windows: [
      [0.35, 0.49],
      [0.44, 0.36],
      [0.59, 0.35],
      [0.72, 0.49],
    ],
    wheels: [0.2, 0.8],
    wheelRadius: 0.11,
  },
  peopleMover: {
    body: [
      [0.02, 0.75],
      [0.02, 0.25],
      [0.08, 0.16],
      [0.72, 0.16],
      [0.86, 0.42],
      [0.98, 0.48],
      [0.98, 0.75],
    ],
    windows: [
      [0.06, 0.4],
      [0.09, 0.21],
      [0.7, 0.2],
      [0.81, 0.4],
    ],
    wheels: [0.18, 0.81],
    wheelRadius: 0.11,
  },
  truck: {
    body: [
      [0.02, 0.78],
      [0.02, 0.1],
      [0.66, 0.1],
      [0.66, 0.6],
      [0.68, 0.6],
      [0.68, 0.18],
      [0.9, 0.18],
      [0.98, 0.42],
      [0.98, 0.78],
    ],
    windows: [
      [0.71, 0.4],
      [0.71, 0.22],
      [0.88, 0.22],
      [0.94, 0.4],
    ],
    wheels: [0.2, 0.8],
    wheelRadius: 0.12,
  },
  caravan: {
    body: [
      [0.04, 0.78],
      [0.04, 0.14],
      [0.74, 0.14],
      [0.84, 0.3],
      [0.84, 0.78],
      [0.99, 0.72],
      [0.99, 0.7],
      [0.84, 0.66],
    ],
    windows: [
      [0.12, 0.42],
      [0.12, 0.28],
      [0.32, 0.28],
      [0.32, 0.42],
    ],
    wheels: [0.45],
    wheelRadius: 0.1,
  },
  motorcycle: {
    body: [
      [0.18, 0.62],
      [0.3, 0.42],
      [0.52, 0.4],
      [0.62, 0.3],
      [0.72, 0.32],
      [0.8, 0.62],
      [0.65, 0.6],
      [0.5, 0.66],
      [0.35, 0.6],
    ],
    windows: [
      [0.62, 0.3],
      [0.66, 0.2],
      [0.7, 0.21],
      [0.7, 0.31],
    ],
    wheels: [0.2, 0.8],
    wheelRadius: 0.17,
  },
};

const BODY_PROFILE: Record<string, keyof typeof PROFILES> = {
  sedan: 'sedan',
  hatch: 'hatch',
  hatchback: 'hatch',
  suv: 'suv',
  '4x4': 'suv',
  wagon: 'suv',
  stationWagon: 'suv',
  ev: 'hatch',
  ute: 'ute',
  coupe: 'coupe',
  convertible: 'coupe',
  softtop: 'coupe',
  hardtop: 'coupe',
  prestige: 'sedan',
  peopleMover: 'peopleMover',
  van: 'peopleMover',
  bus: 'peopleMover',
  cabChassis: 'truck',
  lightTruck: 'truck',
  motorhome: 'truck',
  caravan: 'caravan',
  popTop: 'caravan',
  camperTrailer: 'caravan',
  naked: 'motorcycle',
  sport: 'motorcycle',
  adventure: 'motorcycle',
};

export const PAINT: Record<string, string> = {
  White: '#f2f4f7',
  Silver: '#b8bec8',
  Grey: '#667085',
  Black: '#1d2939',
  Blue: '#2e5aac',
  Red: '#c0392b',
  Green: '#2f6f4e',
  Orange: '#e07b00',
  Bronze: '#8c6239',
};

export interface CarPicture {
  body: string;
  colour: string;
  /** Viewing angle in degrees: 0 side-on facing right, 90 facing the camera, 180 facing left. */
  angle: number;
  /** Backdrop variant (0..3): showroom, yard, dusk, studio. */
  backdrop: number;
}

const BACKDROPS: ReadonlyArray<readonly [Rgb, Rgb, Rgb]> = [
  [
    [236, 240, 245],
    [196, 204, 214],
    [150, 158, 170],
  ],
  [
    [190, 215, 240],
    [232, 226, 212],
    [168, 160, 146],
  ],
  [
    [58, 66, 102],
    [214, 140, 110],
    [72, 70, 80],
  ],
  [
    [250, 250, 250],
    [228, 228, 228],
    [200, 200, 200],
  ],
];

export function drawCar(width: number, height: number, picture: CarPicture): Picture {
  const drawing = new Picture(width, height);
  const [sky, ground, floor] = BACKDROPS[picture.backdrop % BACKDROPS.length]!;
  drawing.gradient(sky, ground);
  drawing.rect(0, height * 0.72, width, height * 0.28, floor, 0.6);

  const profile = PROFILES[BODY_PROFILE[picture.body] ?? 'sedan']!;
  const paint = hexToRgb(PAINT[picture.colour] ?? '#8a94a6');
  const theta = (picture.angle * Math.PI) / 180;
  const along = Math.cos(theta);
  const across = Math.abs(Math.sin(theta));
  const length = width * 0.78;
  const carHeight = Math.min(height * 0.8, length * 0.42);
  const baseY = height * 0.86;
  const cx = width / 2;
  // Side-on the profile shows its full length; turned towards the camera it foreshortens to the
  // vehicle's width, and the front (or back) face shows as a box.
  const projected = length * Math.abs(along) + length * 0.42 * across;
  const sideScale = Math.max(0.06, Math.abs(along));
  const dir = along >= 0 ? 1 : -1;
  const map = ([x, y]: Point): [number, number] => [
    cx + dir * (x - 0.5) * length * sideScale,
    baseY - (0.78 - y) * carHeight - carHeight * 0.05,
  ];

  drawing.ellipse(cx, baseY, projected * 0.55, carHeight * 0.07, [0, 0, 0], 0.25);
  drawing.polygon(profile.body.map(map), paint);
  drawing.polygon(profile.body.slice(0, Math.ceil(profile.body.length / 2)).map(map), shade(paint, 1.15), 0.25);
  drawing.polygon(profile.windows.map(map), [40, 52, 70], 0.85);
  const profileName = BODY_PROFILE[picture.body] ?? 'sedan';
  if (across > 0.45 && profileName !== 'caravan' && profileName !== 'motorcycle') {
    // The face towards the camera (grille and headlights, or tail lights) sits on the end of the
    // foreshortened profile nearest the viewer.
    const faceWidth = length * 0.42 * across;
    const endX = cx + dir * length * sideScale * 0.5;
    const faceX = endX - faceWidth / 2 - dir * faceWidth * 0.25;
    const top = baseY - carHeight * 0.62;
    const faceHeight = carHeight * 0.52;
    drawing.rect(faceX, top, faceWidth, faceHeight, shade(paint, 0.85));
    drawing.rect(
      faceX + faceWidth * 0.12,
      top - carHeight * 0.2,
      faceWidth * 0.76,
      carHeight * 0.2,
      [40, 52, 70],
      0.85,
    );
    const front = Math.sin(theta) > 0;
    drawing.rect(
      faceX + faceWidth * 0.3,
      top + faceHeight * 0.35,
      faceWidth * 0.4,
      faceHeight * 0.18,
      front ? [30, 30, 34] : shade(paint, 0.7),
    );
    for (const side of [0.06, 0.8]) {
      drawing.rect(
        faceX + faceWidth * side,
        top + faceHeight * 0.15,
        faceWidth * 0.14,
        faceHeight * 0.14,
        front ? [245, 240, 210] : [200, 30, 40],
      );
    }
  }
  for (const wx of profile.wheels) {
    const [x, y] = map([wx, 0.76]);
    const r = profile.wheelRadius * carHeight;
    drawing.ellipse(x, y, r * Math.max(0.25, sideScale), r, [22, 24, 28]);
    drawing.ellipse(x, y, r * 0.55 * Math.max(0.25, sideScale), r * 0.55, [170, 176, 186]);
  }
  return drawing;
}

/** The interior shot of a spin set: dashboard, wheel and screen in the car's trim. */
export function drawInterior(width: number, height: number, colour: string): Picture {
  const drawing = new Picture(width, height);
  drawing.gradient([70, 78, 92], [20, 22, 26]);
  drawing.polygon(
    [
      [0, height * 0.55],
      [width, height * 0.45],
      [width, height],
      [0, height],
    ],
    [34, 36, 40],
  );
  drawing.rect(width * 0.55, height * 0.32, width * 0.22, height * 0.16, [24, 64, 110]);
  drawing.ellipse(width * 0.3, height * 0.62, width * 0.16, width * 0.16, [16, 16, 18]);
  drawing.ellipse(width * 0.3, height * 0.62, width * 0.12, width * 0.12, [34, 36, 40]);
  drawing.rect(width * 0.05, height * 0.5, width * 0.9, height * 0.02, hexToRgb(PAINT[colour] ?? '#8a94a6'), 0.8);
  return drawing;
}

/** A plain branded picture for content without a car (locations, slides, blog, brands). */
export function drawBanner(width: number, height: number, seed: number): Picture {
  const drawing = new Picture(width, height);
  const hue = seed % 360;
  const c = (l: number): Rgb => {
    const a = (hue / 360) * Math.PI * 2;
    return [l + 40 * Math.cos(a), l + 40 * Math.cos(a - 2.1), l + 40 * Math.cos(a + 2.1)].map((v) =>
      Math.max(0, Math.min(255, v)),
    ) as unknown as Rgb;
  };
  drawing.gradient(c(190), c(120));
  drawing.polygon(
    [
      [0, height],
      [width * 0.4, height * 0.45],
      [width * 0.7, height * 0.7],
      [width, height * 0.35],
      [width, height],
    ],
    c(80),
    0.7,
  );
  return drawing;
}
