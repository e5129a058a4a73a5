import type { ItemType } from '@forecourt/data/stock-model';

/**
 * Real makes and models with what drives realistic stock: body, the fuels and drives they come
 * with, seats and a typical new price. Shares are rough Australian market weights.
 */
export interface ModelSpec {
  model: string;
  body: string;
  fuels: readonly string[];
  drives: readonly string[];
  seats: number;
  newPrice: number;
  badges: readonly string[];
  engineLitres: number | null;
}

export interface MakeSpec {
  make: string;
  itemType: ItemType;
  share: number;
  models: readonly ModelSpec[];
}

const m = (
  model: string,
  body: string,
  newPrice: number,
  fuels: readonly string[],
  drives: readonly string[],
  seats: number,
  badges: readonly string[],
  engineLitres: number | null,
): ModelSpec => ({ model, body, newPrice, fuels, drives, seats, badges, engineLitres });

export const CARS: readonly MakeSpec[] = [
  {
    make: 'Toyota',
    itemType: 'car',
    share: 20,
    models: [
      m('Hilux', 'ute', 56000, ['diesel'], ['4WD', 'RWD'], 5, ['Workmate', 'SR', 'SR5', 'Rogue'], 2.8),
      m('RAV4', 'suv', 45000, ['hybrid', 'petrol'], ['AWD', 'FWD'], 5, ['GX', 'GXL', 'XSE', 'Cruiser'], 2.5),
      m('Corolla', 'hatch', 32000, ['hybrid', 'petrol'], ['FWD'], 5, ['Ascent Sport', 'SX', 'ZR'], 2.0),
      m('LandCruiser', 'suv', 98000, ['diesel'], ['4WD'], 7, ['GX', 'GXL', 'VX', 'Sahara'], 3.3),
      m('Camry', 'sedan', 40000, ['hybrid'], ['FWD'], 5, ['Ascent', 'SL'], 2.5),
    ],
  },
  {
    make: 'Ford',
    itemType: 'car',
    share: 12,
    models: [
      m('Ranger', 'ute', 62000, ['diesel'], ['4WD', 'RWD'], 5, ['XL', 'XLT', 'Sport', 'Wildtrak', 'Raptor'], 2.0),
      m('Everest', 'suv', 68000, ['diesel'], ['4WD'], 7, ['Ambiente', 'Trend', 'Platinum'], 3.0),
      m('Mustang', 'coupe', 75000, ['petrol'], ['RWD'], 4, ['GT', 'Mach 1'], 5.0),
    ],
  },
  {
    make: 'Mazda',
    itemType: 'car',
    share: 10,
    models: [
      m('CX-5', 'suv', 42000, ['petrol'], ['FWD', 'AWD'], 5, ['Maxx', 'Maxx Sport', 'Touring', 'Akera'], 2.5),
      m('CX-3', 'suv', 31000, ['petrol'], ['FWD'], 5, ['Pure', 'Evolve', 'Akari'], 2.0),
      m('Mazda3', 'hatch', 33000, ['petrol'], ['FWD'], 5, ['G20 Pure', 'G25 GT'], 2.0),
      m('BT-50', 'ute', 55000, ['diesel'], ['4WD'], 5, ['XS', 'XT', 'GT'], 3.0),
    ],
  },
  {
    make: 'Hyundai',
    itemType: 'car',
    share: 8,
    models: [
      m('Tucson', 'suv', 40000, ['petrol', 'hybrid'], ['FWD', 'AWD'], 5, ['Elite', 'Highlander'], 2.0),
      m('i30', 'hatch', 29000, ['petrol'], ['FWD'], 5, ['Active', 'N Line'], 2.0),
      m('Ioniq 5', 'suv', 72000, ['electric'], ['RWD', 'AWD'], 5, ['Dynamiq', 'Epiq'], null),
    ],
  },
  {
    make: 'Kia',
    itemType: 'car',
    share: 8,
    models: [
      m('Sportage', 'suv', 41000, ['petrol', 'diesel'], ['FWD', 'AWD'], 5, ['S', 'SX', 'GT-Line'], 2.0),
      m('Cerato', 'sedan', 28000, ['petrol'], ['FWD'], 5, ['S', 'Sport', 'GT'], 2.0),
      m('Carnival', 'peopleMover', 55000, ['diesel', 'petrol'], ['FWD'], 8, ['S', 'Platinum'], 2.2),
      m('EV6', 'suv', 74000, ['electric'], ['RWD', 'AWD'], 5, ['Air', 'GT-Line'], null),
    ],
  },
  {
    make: 'Mitsubishi',
    itemType: 'car',
    share: 7,
    models: [
      m('Triton', 'ute', 50000, ['diesel'], ['4WD', 'RWD'], 5, ['GLX', 'GLX+', 'GSR'], 2.4),
      m('Outlander', 'suv', 42000, ['petrol', 'plug-in hybrid'], ['FWD', 'AWD'], 7, ['ES', 'LS', 'Exceed'], 2.5),
    ],
  },
  {
    make: 'Nissan',
    itemType: 'car',
    share: 5,
    models: [
      m('Navara', 'ute', 52000, ['diesel'], ['4WD'], 5, ['SL', 'ST', 'PRO-4X'], 2.3),
      m('X-Trail', 'suv', 44000, ['petrol', 'hybrid'], ['FWD', 'AWD'], 7, ['ST', 'ST-L', 'Ti'], 2.5),
    ],
  },
  {
    make: 'Volkswagen',
    itemType: 'car',
    share: 4,
    models: [
      m('Golf', 'hatch', 38000, ['petrol'], ['FWD'], 5, ['Life', 'R-Line', 'GTI'], 1.4),
      m('Amarok', 'ute', 65000, ['diesel'], ['4WD'], 5, ['Core', 'Style', 'Aventura'], 3.0),
    ],
  },
  {
    make: 'Tesla',
    itemType: 'car',
    share: 3,
    models: [
      m(
        'Model 3',
        'sedan',
        60000,
        ['electric'],
        ['RWD', 'AWD'],
        5,
        ['Rear-Wheel Drive', 'Long Range', 'Performance'],
        null,
      ),
      m('Model Y', 'suv', 65000, ['electric'], ['RWD', 'AWD'], 5, ['Rear-Wheel Drive', 'Long Range'], null),
    ],
  },
  {
    make: 'Suzuki',
    itemType: 'car',
    share: 3,
    models: [
      m('Swift', 'hatch', 24000, ['petrol', 'hybrid'], ['FWD'], 5, ['GL', 'GLX'], 1.2),
      m('Jimny', 'suv', 34000, ['petrol'], ['4WD'], 4, ['Lite', 'XL'], 1.5),
    ],
  },
  {
    make: 'BMW',
    itemType: 'car',
    share: 2,
    models: [
      m('X5', 'suv', 125000, ['diesel', 'plug-in hybrid'], ['AWD'], 5, ['xDrive30d', 'xDrive50e'], 3.0),
      m('3 Series', 'sedan', 75000, ['petrol'], ['RWD'], 5, ['330i M Sport'], 2.0),
    ],
  },
];

export const MOTORCYCLES: readonly MakeSpec[] = [
  {
    make: 'Yamaha',
    itemType: 'motorcycle',
    share: 5,
    models: [
      m('MT-07', 'naked', 12500, ['petrol'], ['RWD'], 2, ['LAMS', 'Pure'], 0.7),
      m('Tenere 700', 'adventure', 19000, ['petrol'], ['RWD'], 2, ['World Raid'], 0.7),
    ],
  },
  {
    make: 'Kawasaki',
    itemType: 'motorcycle',
    share: 4,
    models: [
      m('Z900', 'naked', 15500, ['petrol'], ['RWD'], 2, ['SE'], 0.9),
      m('Ninja 400', 'sport', 8500, ['petrol'], ['RWD'], 2, ['LAMS'], 0.4),
    ],
  },
];

export const TRUCKS: readonly MakeSpec[] = [
  {
    make: 'Isuzu',
    itemType: 'truck',
    share: 4,
    models: [
      m('NPR 75-190', 'cabChassis', 98000, ['diesel'], ['RWD'], 3, ['Tipper', 'Tray'], 5.2),
      m('FRR 110-260', 'cabChassis', 145000, ['diesel'], ['RWD'], 3, ['Pantech'], 5.2),
    ],
  },
  {
    make: 'Fuso',
    itemType: 'truck',
    share: 3,
    models: [m('Canter 515', 'lightTruck', 82000, ['diesel'], ['RWD'], 3, ['Wide Cab'], 3.0)],
  },
];

export const CARAVANS: readonly MakeSpec[] = [
  {
    make: 'Jayco',
    itemType: 'caravan',
    share: 8,
    models: [
      m('Journey', 'caravan', 72000, ['none'], ['none'], 4, ['Outback', 'Couples'], null),
      m('Crossover', 'camperTrailer', 42000, ['none'], ['none'], 4, ['CTS', 'JX'], null),
    ],
  },
  {
    make: 'Lotus Caravans',
    itemType: 'caravan',
    share: 3,
    models: [m('Trooper', 'caravan', 110000, ['none'], ['none'], 4, ['Series 4'], null)],
  },
  {
    make: 'Avan',
    itemType: 'caravan',
    share: 3,
    models: [m('Aspire', 'popTop', 68000, ['none'], ['none'], 2, ['515'], null)],
  },
  {
    make: 'Windsor',
    itemType: 'caravan',
    share: 2,
    models: [m('Genesis', 'caravan', 64000, ['none'], ['none'], 4, ['SE'], null)],
  },
];

export const COLOURS = [
  ['White', '#f2f4f7', 30],
  ['Silver', '#b8bec8', 15],
  ['Grey', '#667085', 15],
  ['Black', '#1d2939', 14],
  ['Blue', '#2e5aac', 9],
  ['Red', '#c0392b', 7],
  ['Green', '#2f6f4e', 4],
  ['Orange', '#e07b00', 3],
  ['Bronze', '#8c6239', 3],
] as const;

export const FEATURES = [
  'Apple CarPlay',
  'Android Auto',
  'Reversing Camera',
  'Adaptive Cruise Control',
  'Blind Spot Monitor',
  'Lane Keep Assist',
  'Heated Seats',
  'Sunroof',
  'Tow Bar',
  'Bluetooth',
  'Leather Seats',
  'Satellite Navigation',
  'Keyless Entry',
  '360 Degree Camera',
  'Wireless Charging',
] as const;

/**
 * A caravan's equipment, for caravan stock: as many entries as FEATURES, so a caravan draws the
 * same random numbers as a car would and every other car stays as it was.
 */
export const CARAVAN_FEATURES = [
  'Solar Panels',
  'Ensuite',
  'Air Conditioning',
  'Diesel Heater',
  'Queen Bed',
  'Roll-Out Awning',
  'Outdoor Kitchen',
  'Lithium Battery',
  'Twin Water Tanks',
  'Gas Hot Water',
  'Bluetooth Sound System',
  'Reversing Camera',
  'Electric Brakes',
  'Off-Road Suspension',
  'Washing Machine',
] as const satisfies readonly string[] & { length: (typeof FEATURES)['length'] };

/** Suburbs with real postcodes and centroids for each demo tenant's locations. */
export const PLACES = {
  NSW: [
    { city: 'Sydney', suburb: 'Alexandria', postcode: '2015', lat: -33.9048, long: 151.1947 },
    { city: 'Sydney', suburb: 'Parramatta', postcode: '2150', lat: -33.8151, long: 151.0011 },
  ],
  VIC: [
    { city: 'Ballarat', suburb: 'Wendouree', postcode: '3355', lat: -37.5301, long: 143.8236 },
    { city: 'Ballarat', suburb: 'Ballarat Central', postcode: '3350', lat: -37.5622, long: 143.8503 },
  ],
  QLD: [
    { city: 'Brisbane', suburb: 'Eagle Farm', postcode: '4009', lat: -27.4305, long: 153.0866 },
    { city: 'Brisbane', suburb: 'Springwood', postcode: '4127', lat: -27.6128, long: 153.1297 },
    { city: 'Ipswich', suburb: 'Booval', postcode: '4304', lat: -27.6137, long: 152.7878 },
    { city: 'Hervey Bay', suburb: 'Pialba', postcode: '4655', lat: -25.2869, long: 152.8323 },
  ],
} as const;
