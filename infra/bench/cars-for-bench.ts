/**
 * Deterministic car-like records for the search benchmark (to be replaced by the project's seed
 * generator; keep this record shape). Skewed like real stock: a few makes dominate, most cars
 * are used and in stock, prices and km follow the car's age.
 */
export interface BenchCar {
  objectID: string;
  slug: string;
  name: string;
  make: string;
  model: string;
  badge: string;
  year: number;
  price: number;
  km: number;
  status: 'in_stock' | 'coming_soon' | 'sold';
  car_type: 'new' | 'used' | 'demo';
  tag: string | null;
  certified: boolean;
  reserved: boolean;
  simple_body: string;
  simple_fuel: string;
  simple_transmission: string;
  drive: string;
  seats: number;
  colour: string;
  city: string;
  state: string;
  location_name: string;
  dealership_name: string;
  dealership_slug: string;
  created_at_timestamp: number;
  sold_at_timestamp: number | null;
  show_on_dealer_website: boolean;
  custom_rank: number;
  make_model: string;
}

/** mulberry32: small, fast, deterministic. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MAKES: Array<[string, number, Array<[string, string]>]> = [
  ['Toyota', 18, [['Corolla', 'Hatch'], ['Camry', 'Sedan'], ['RAV4', 'SUV'], ['Hilux', 'Ute'], ['LandCruiser', 'SUV'], ['Kluger', 'SUV'], ['Yaris', 'Hatch'], ['Prado', 'SUV']]],
  ['Mazda', 11, [['Mazda3', 'Hatch'], ['CX-5', 'SUV'], ['CX-3', 'SUV'], ['BT-50', 'Ute'], ['CX-9', 'SUV'], ['Mazda6', 'Sedan']]],
  ['Ford', 9, [['Ranger', 'Ute'], ['Everest', 'SUV'], ['Focus', 'Hatch'], ['Mustang', 'Coupe'], ['Escape', 'SUV']]],
  ['Hyundai', 8, [['i30', 'Hatch'], ['Tucson', 'SUV'], ['Kona', 'SUV'], ['Santa Fe', 'SUV'], ['Venue', 'SUV']]],
  ['Kia', 7, [['Cerato', 'Sedan'], ['Sportage', 'SUV'], ['Seltos', 'SUV'], ['Sorento', 'SUV'], ['Picanto', 'Hatch']]],
  ['Mitsubishi', 6, [['Triton', 'Ute'], ['Outlander', 'SUV'], ['ASX', 'SUV'], ['Pajero Sport', 'SUV']]],
  ['Volkswagen', 5, [['Golf', 'Hatch'], ['Tiguan', 'SUV'], ['Amarok', 'Ute'], ['Polo', 'Hatch']]],
  ['Nissan', 5, [['Navara', 'Ute'], ['X-Trail', 'SUV'], ['Qashqai', 'SUV'], ['Patrol', 'SUV']]],
  ['Subaru', 4, [['Forester', 'SUV'], ['Outback', 'Wagon'], ['XV', 'SUV'], ['WRX', 'Sedan']]],
  ['Honda', 4, [['Civic', 'Hatch'], ['CR-V', 'SUV'], ['HR-V', 'SUV'], ['Accord', 'Sedan']]],
  ['Isuzu', 3, [['D-Max', 'Ute'], ['MU-X', 'SUV']]],
  ['BMW', 3, [['X3', 'SUV'], ['3 Series', 'Sedan'], ['X5', 'SUV']]],
  ['Mercedes-Benz', 3, [['C-Class', 'Sedan'], ['GLC', 'SUV'], ['A-Class', 'Hatch']]],
  ['Škoda', 2, [['Octavia', 'Wagon'], ['Kodiaq', 'SUV']]],
  ['Tesla', 2, [['Model 3', 'Sedan'], ['Model Y', 'SUV']]],
  ['Holden', 2, [['Commodore', 'Sedan'], ['Colorado', 'Ute'], ['Captiva', 'SUV']]],
  ['Suzuki', 2, [['Swift', 'Hatch'], ['Vitara', 'SUV'], ['Jimny', 'SUV']]],
  ['MG', 2, [['ZS', 'SUV'], ['MG3', 'Hatch'], ['HS', 'SUV']]],
  ['Audi', 1, [['A3', 'Hatch'], ['Q5', 'SUV']]],
  ['Lexus', 1, [['RX', 'SUV'], ['IS', 'Sedan']]],
];
const BADGES = ['GX', 'GXL', 'Ascent', 'Ascent Sport', 'SX', 'ZR', 'XLT', 'Wildtrak', 'Maxx Sport', 'GT', 'Touring', 'Sport', 'Active', 'Elite', 'Highlander', 'LS', 'Premium', 'Base', 'R-Line', 'Limited'];
const COLOURS: Array<[string, number]> = [['White', 30], ['Silver', 15], ['Grey', 15], ['Black', 14], ['Blue', 9], ['Red', 8], ['Green', 3], ['Orange', 2], ['Brown', 2], ['Yellow', 2]];
const STATES: Array<[string, string[], number]> = [
  ['NSW', ['Sydney', 'Newcastle', 'Wollongong', 'Parramatta', 'Penrith'], 32],
  ['VIC', ['Melbourne', 'Geelong', 'Ballarat', 'Bendigo'], 26],
  ['QLD', ['Brisbane', 'Gold Coast', 'Townsville', 'Cairns', 'Toowoomba'], 20],
  ['WA', ['Perth', 'Bunbury', 'Mandurah'], 10],
  ['SA', ['Adelaide', 'Mount Gambier'], 7],
  ['TAS', ['Hobart', 'Launceston'], 3],
  ['ACT', ['Canberra'], 2],
];
const DEALER_WORDS = ['Redgum', 'Bluegum', 'Coastal', 'Harbour', 'Summit', 'Southern Cross', 'Metro', 'Valley', 'Bayside', 'Northern', 'Westside', 'Eastern', 'Highway', 'City', 'Premier'];
const TAGS = ['runout sale', 'Test Drive Only', 'Price Drop', 'Low Kms', 'One Owner', 'Demo Clearance'];

function weighted<T>(rand: () => number, items: Array<[T, number]>): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rand() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return (items[items.length - 1] as [T, number])[0];
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)] as T;
}

export const BENCH_NOW = 1_750_000_000; // fixed "now" (unix seconds) so runs are comparable

export function generateCars(count: number, seed = 1): BenchCar[] {
  const rand = prng(seed);
  // ~1 dealership per 200 cars (at least 20), each with one or two locations.
  const dealerships = Array.from({ length: Math.max(20, Math.round(count / 200)) }, (_, i) => {
    const [state, cities] = weighted(rand, STATES.map(([s, c, w]) => [[s, c] as [string, string[]], w]));
    const city = pick(rand, cities);
    const name = `${pick(rand, DEALER_WORDS)} ${pick(rand, ['Motors', 'Auto Group', 'Cars', 'Toyota', 'Mazda', 'Used Cars'])} ${i}`;
    return { name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), state, city, locations: [`${city} ${pick(rand, ['Central', 'North', 'South', 'West'])}`, `${city} Showroom`] };
  });
  const makeWeights = MAKES.map((m) => [m, m[1]] as [(typeof MAKES)[number], number]);
  const cars: BenchCar[] = [];
  for (let i = 0; i < count; i++) {
    const [make, , models] = weighted(rand, makeWeights);
    const [model, body] = pick(rand, models);
    const car_type = weighted<BenchCar['car_type']>(rand, [['used', 70], ['new', 22], ['demo', 8]]);
    const year = car_type === 'used' ? 2025 - Math.min(20, Math.floor(-Math.log(1 - rand()) * 5)) : 2024 + Math.round(rand());
    const age = 2025 - year;
    const base = { Toyota: 45000, BMW: 80000, 'Mercedes-Benz': 85000, Tesla: 70000, Lexus: 90000, Audi: 70000 }[make] ?? 38000;
    const price = Math.max(2990, Math.round((base * Math.pow(0.86, age) * (0.75 + rand() * 0.5)) / 100) * 100 - 10);
    const km = car_type === 'new' ? Math.floor(rand() * 50) : car_type === 'demo' ? 500 + Math.floor(rand() * 9000) : Math.floor(age * (8000 + rand() * 14000));
    const status = weighted<BenchCar['status']>(rand, [['in_stock', 78], ['coming_soon', 7], ['sold', 15]]);
    const created = BENCH_NOW - Math.floor(rand() * 240 * 86400);
    const dealer = pick(rand, dealerships);
    const badge = pick(rand, BADGES);
    const fuel = make === 'Tesla' ? 'Electric' : weighted(rand, [['Petrol', 60], ['Diesel', body === 'Ute' ? 80 : 20], ['Hybrid', make === 'Toyota' ? 25 : 6], ['Electric', 2]]);
    cars.push({
      objectID: `car-${i}`,
      slug: `${year}-${make}-${model}-${badge}-${i}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      name: `${year} ${make} ${model} ${badge}`,
      make,
      model,
      badge,
      year,
      price,
      km,
      status,
      car_type,
      tag: rand() < 0.12 ? pick(rand, TAGS) : null,
      certified: car_type === 'used' && rand() < 0.3,
      reserved: status === 'in_stock' && rand() < 0.03,
      simple_body: body,
      simple_fuel: fuel,
      simple_transmission: rand() < 0.85 ? 'Automatic' : 'Manual',
      drive: body === 'Ute' || body === 'SUV' ? weighted(rand, [['4x4', 45], ['AWD', 25], ['FWD', 20], ['RWD', 10]]) : weighted(rand, [['FWD', 70], ['RWD', 20], ['AWD', 10]]),
      seats: body === 'SUV' ? weighted(rand, [[5, 70], [7, 30]]) : body === 'Coupe' ? 4 : 5,
      colour: weighted(rand, COLOURS),
      city: dealer.city,
      state: dealer.state,
      location_name: pick(rand, dealer.locations),
      dealership_name: dealer.name,
      dealership_slug: dealer.slug,
      created_at_timestamp: created,
      sold_at_timestamp: status === 'sold' ? created + Math.floor(rand() * (BENCH_NOW - created)) : null,
      show_on_dealer_website: rand() < 0.96,
      custom_rank: Math.floor(rand() * 1000),
      make_model: `${make} ${model}`,
    });
  }
  return cars;
}
