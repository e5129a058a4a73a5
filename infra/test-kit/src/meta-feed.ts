/**
 * Meta automotive inventory feeds as CSV, made up for tests and benchmarks: row n is the car
 * `{prefix}-{n}`, without photos unless `rowOf` gives it `image[i].url` columns. `rowOf` may
 * change any row's columns, to make bad or duplicated rows.
 */

export const META_COLUMNS = [
  'vehicle_id',
  'dealer_id',
  'make',
  'model',
  'year',
  'trim',
  'mileage.value',
  'mileage.unit',
  'price',
  'state_of_vehicle',
  'body_style',
  'transmission',
  'fuel_type',
  'drivetrain',
  'exterior_color',
  'description',
] as const;

/** A photo's column: `image[0].url` is the main photo. */
export type MetaImageColumn = `image[${number}].url`;

export type MetaRow = Partial<Record<(typeof META_COLUMNS)[number] | MetaImageColumn, string>>;

const MAKES: ReadonlyArray<[string, string]> = [
  ['Toyota', 'Corolla'],
  ['Mazda', 'CX-5'],
  ['Hyundai', 'i30'],
  ['Ford', 'Ranger'],
  ['Kia', 'Sportage'],
];

export function metaRow(n: number, location: string, prefix = 'FD'): MetaRow {
  const [make, model] = MAKES[n % MAKES.length]!;
  return {
    vehicle_id: `${prefix}-${n}`,
    dealer_id: location,
    make,
    model,
    year: String(2015 + (n % 10)),
    trim: 'SX',
    'mileage.value': String(5000 + ((n * 7919) % 150_000)),
    'mileage.unit': 'KM',
    price: `${15_000 + ((n * 104_729) % 60_000)} AUD`,
    state_of_vehicle: n % 4 === 0 ? 'NEW' : 'USED',
    body_style: n % 3 === 0 ? 'SUV' : 'HATCHBACK',
    transmission: 'AUTOMATIC',
    fuel_type: 'PETROL',
    drivetrain: 'FWD',
    exterior_color: n % 2 === 0 ? 'White' : 'Blue',
    description: `One owner, serviced, stock ${n}`,
  };
}

const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The feed's lines, header first, each ending in a newline: a large feed is made a piece at a
 * time. `photos` columns `image[0].url` onwards follow the others (rows without them leave them empty).
 */
export function* metaCsvLines(rows: Iterable<MetaRow>, photos = 0): Generator<string> {
  const columns: ReadonlyArray<keyof MetaRow> = [
    ...META_COLUMNS,
    ...Array.from({ length: photos }, (_, i): MetaImageColumn => `image[${i}].url`),
  ];
  yield `${columns.join(',')}\n`;
  for (const row of rows) yield `${columns.map((column) => quote(row[column] ?? '')).join(',')}\n`;
}

/** Rows `from` to `from + count - 1`, each as `rowOf` makes it (metaRow unless told). */
export function* metaRows(
  count: number,
  location: string,
  options: { from?: number; rowOf?: (n: number, row: MetaRow) => MetaRow | MetaRow[] } = {},
): Generator<MetaRow> {
  const from = options.from ?? 1;
  for (let n = from; n < from + count; n++) {
    const row = metaRow(n, location);
    const made = options.rowOf ? options.rowOf(n, row) : row;
    yield* Array.isArray(made) ? made : [made];
  }
}

export const metaCsv = (rows: Iterable<MetaRow>): string => [...metaCsvLines(rows)].join('');
