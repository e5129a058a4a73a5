import { CarInput, StockNumber } from '../car-schema';

/**
 * One row of Meta's automotive inventory feed (the vehicle catalog format) as the Stock API's
 * car: the mapping in docs/stock.md. A row is read as flat columns, whatever the format: CSV and
 * TSV headers as they are (`mileage.value`, `image[0].url`), XML elements as their paths.
 *
 * The row is checked with the API's own schema (CarInput), so a feed row and a PUT make the same
 * car by the same rules. The fields the feed has no column for (seats, rego, ...) are not the
 * feed's: an existing car keeps its own, a new car takes the defaults below.
 */

export type FeedRecord = Record<string, string>;

/** The car's fields a feed row owns: written whole by every import. A feed has no sold time: the write path's (now, or the one it had). */
export type FeedFields = Pick<
  CarInput,
  | 'item_type'
  | 'car_type'
  | 'certified'
  | 'status'
  | 'sold_at'
  | 'location'
  | 'year'
  | 'make'
  | 'model'
  | 'badge'
  | 'colour'
  | 'price'
  | 'before_price'
  | 'km'
  | 'vin'
  | 'fuel'
  | 'body'
  | 'transmission'
  | 'drive'
  | 'dealercomments'
  | 'photos'
>;

export interface RowError {
  field: string;
  message: string;
}

/** A good row: the fields it owns, and the whole car it makes when the car is new. */
export type MappedRow =
  { vehicleId: string; fields: FeedFields; car: CarInput } | { vehicleId: string; errors: RowError[] };

/** What a new car gets for the fields a feed does not carry. */
export const NEW_CAR_DEFAULTS = { seats: 0 } as const;

/** Meta's feed columns named in errors, by the car field they fill. */
const COLUMN_OF: Record<string, string> = {
  item_type: 'vehicle_type',
  car_type: 'state_of_vehicle',
  certified: 'state_of_vehicle',
  status: 'availability',
  location: 'dealer_id',
  year: 'year',
  make: 'make',
  model: 'model',
  badge: 'trim',
  colour: 'exterior_color',
  price: 'price',
  before_price: 'price',
  km: 'mileage.value',
  vin: 'vin',
  fuel: 'fuel_type',
  body: 'body_style',
  transmission: 'transmission',
  drive: 'drivetrain',
  dealercomments: 'description',
};

const ITEM_TYPES: Record<string, FeedFields['item_type']> = {
  CAR_TRUCK: 'car',
  CAR: 'car',
  MOTORCYCLE: 'motorcycle',
  COMMERCIAL: 'truck',
  TRUCK: 'truck',
  RV_CAMPER: 'caravan',
};
const BODIES: Record<string, string> = {
  CONVERTIBLE: 'convertible',
  COUPE: 'coupe',
  CROSSOVER: 'suv',
  ESTATE: 'wagon',
  GRANDTOURER: 'coupe',
  HATCHBACK: 'hatch',
  MINIBUS: 'bus',
  MINIVAN: 'people mover',
  MPV: 'people mover',
  PICKUP: 'ute',
  ROADSTER: 'convertible',
  SALOON: 'sedan',
  SEDAN: 'sedan',
  SMALL_CAR: 'hatch',
  SPORTSCAR: 'coupe',
  SUPERCAR: 'coupe',
  SUPERMINI: 'hatch',
  SUV: 'suv',
  TRUCK: 'truck',
  VAN: 'van',
  WAGON: 'wagon',
  OTHER: 'other',
};
const FUELS: Record<string, string> = {
  DIESEL: 'diesel',
  ELECTRIC: 'electric',
  FLEX: 'flex',
  GASOLINE: 'petrol',
  PETROL: 'petrol',
  HYBRID: 'hybrid',
  PLUGIN_HYBRID: 'plug-in hybrid',
  OTHER: 'other',
  NONE: 'none',
};
const TRANSMISSIONS: Record<string, FeedFields['transmission']> = {
  AUTOMATIC: 'automatic',
  MANUAL: 'manual',
  OTHER: 'none',
  NONE: 'none',
};
const DRIVES: Record<string, string> = {
  '4X2': '2WD',
  TWO_WD: '2WD',
  '4X4': '4WD',
  FOUR_WD: '4WD',
  AWD: 'AWD',
  FWD: 'FWD',
  RWD: 'RWD',
  OTHER: 'Other',
};
const AVAILABILITY: Record<string, FeedFields['status']> = {
  AVAILABLE: 'in_stock',
  IN_STOCK: 'in_stock',
  FOR_SALE: 'in_stock',
  PENDING: 'on_hold',
  ON_HOLD: 'on_hold',
  COMING_SOON: 'coming_soon',
  SOLD: 'sold',
  NOT_AVAILABLE: 'sold',
  OUT_OF_STOCK: 'sold',
};
/** Miles to kilometres. */
const KM_PER_MILE = 1.609344;
/** Our sites sell in Australian dollars; a price in another currency would be shown wrong. */
const CURRENCY = 'AUD';

const key = (value: string) =>
  value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

/** The photos in order: `image[0].url`, `image[1].url` ... or a JSON `image` column (`[{"url": ...}]`). */
function photosOf(record: FeedRecord, errors: RowError[]): string[] {
  const indexed = Object.keys(record)
    .map((column) => /^image\[(\d+)\]\.url$/.exec(column))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ index: Number(match[1]), url: record[match[0]]!.trim() }))
    .filter((image) => image.url !== '')
    .sort((a, b) => a.index - b.index)
    .map((image) => image.url);
  const json = record.image?.trim();
  if (!json) return indexed;
  try {
    const parsed: unknown = JSON.parse(json);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return [
      ...indexed,
      ...list
        .map((item: unknown) =>
          typeof item === 'string'
            ? item
            : item && typeof item === 'object' && typeof (item as { url?: unknown }).url === 'string'
              ? (item as { url: string }).url
              : '',
        )
        .filter(Boolean),
    ];
  } catch {
    // A plain URL in the image column is one photo.
    if (/^https?:\/\//.test(json)) return [...indexed, json];
    errors.push({ field: 'image', message: 'image: neither JSON ([{"url": ...}]) nor a URL' });
    return indexed;
  }
}

/** "25990 AUD", "25,990.00 AUD" or "25990": dollars, or an error naming the column. */
function moneyOf(value: string | undefined, column: string, errors: RowError[]): number | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  const match = /^\$?\s*([\d,]+(?:\.\d+)?)\s*([A-Za-z]{3})?$/.exec(text);
  if (!match) {
    errors.push({
      field: column,
      message: `${column}: '${text.slice(0, 40)}' is not an amount with its currency, e.g. '25990 AUD'`,
    });
    return null;
  }
  const currency = match[2]?.toUpperCase();
  if (currency && currency !== CURRENCY) {
    errors.push({ field: column, message: `${column}: prices are in ${CURRENCY}, not ${currency}` });
    return null;
  }
  return Number(match[1]!.replace(/,/g, ''));
}

function numberOf(value: string | undefined, column: string, errors: RowError[]): number | undefined {
  const text = value?.trim().replace(/,/g, '') ?? '';
  if (text === '') return undefined;
  const number = Number(text);
  if (!Number.isFinite(number)) {
    errors.push({ field: column, message: `${column}: '${text.slice(0, 40)}' is not a number` });
    return undefined;
  }
  return number;
}

function pick<T>(
  table: Record<string, T>,
  value: string | undefined,
  column: string,
  errors: RowError[],
  fallback?: T,
): T | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return fallback;
  const found = table[key(text)];
  if (found === undefined)
    errors.push({
      field: column,
      message: `${column}: '${text.slice(0, 40)}' is none of ${Object.keys(table).join(', ')}`,
    });
  return found;
}

/**
 * The row as the car's feed fields, or every error found in it. `defaultLocation` places a row
 * without `dealer_id` (the site's only location, or none: such a row is refused).
 */
export function mapMetaVehicle(record: FeedRecord, defaultLocation: string | null): MappedRow {
  const errors: RowError[] = [];
  const vehicleId = (record.vehicle_id ?? '').trim();
  const stocknum = StockNumber.safeParse(vehicleId);
  if (!stocknum.success)
    errors.push({ field: 'vehicle_id', message: `vehicle_id: ${stocknum.error.issues[0]?.message ?? 'is invalid'}` });

  const state = key(record.state_of_vehicle ?? '');
  if (!['NEW', 'USED', 'CPO'].includes(state))
    errors.push({ field: 'state_of_vehicle', message: 'state_of_vehicle: one of NEW, USED, CPO' });
  const price = moneyOf(record.price, 'price', errors);
  if (price === null && !errors.some((error) => error.field === 'price'))
    errors.push({ field: 'price', message: 'price: required, e.g. 25990 AUD' });
  const sale = moneyOf(record.sale_price, 'sale_price', errors);
  const mileage = numberOf(record['mileage.value'], 'mileage.value', errors);
  const unit = key(record['mileage.unit'] ?? 'KM');
  if (!['KM', 'MI'].includes(unit)) errors.push({ field: 'mileage.unit', message: 'mileage.unit: KM or MI' });
  const location = record.dealer_id?.trim() || defaultLocation;
  if (!location)
    errors.push({
      field: 'dealer_id',
      message: "dealer_id: required on a site with several locations: the slug of the car's location",
    });
  const item_type = pick(ITEM_TYPES, record.vehicle_type, 'vehicle_type', errors, 'car');
  const body = pick(BODIES, record.body_style, 'body_style', errors);
  const fuel = pick(FUELS, record.fuel_type, 'fuel_type', errors);
  const transmission = pick(TRANSMISSIONS, record.transmission, 'transmission', errors, 'none');
  const drive = pick(DRIVES, record.drivetrain, 'drivetrain', errors, 'FWD');
  const status = pick(AVAILABILITY, record.availability, 'availability', errors, 'in_stock');
  const photos = photosOf(record, errors);
  if (errors.length > 0) return { vehicleId, errors };

  const onSale = sale !== null && price !== null && sale < price;
  const fields = {
    item_type,
    car_type: state === 'NEW' ? 'new' : 'used',
    certified: state === 'CPO',
    status,
    location,
    year: numberOf(record.year, 'year', errors),
    make: record.make,
    model: record.model,
    badge: record.trim?.trim() || null,
    colour: record.exterior_color,
    price: onSale ? sale : price,
    before_price: onSale ? price : null,
    km: mileage === undefined ? undefined : Math.round(unit === 'MI' ? mileage * KM_PER_MILE : mileage),
    vin: record.vin?.trim() ?? '',
    fuel,
    body,
    transmission,
    drive,
    dealercomments: record.description ?? '',
    photos,
  };
  // The API's own checks, on the car as a new one would be written.
  const checked = CarInput.safeParse({ ...NEW_CAR_DEFAULTS, ...fields });
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const [first, index] = issue.path;
      const column = first === 'photos' ? `image[${String(index)}].url` : (COLUMN_OF[String(first)] ?? String(first));
      errors.push({ field: column, message: `${column}: ${issue.message}` });
    }
  }
  if (errors.length > 0) return { vehicleId, errors };
  const car = checked.data as CarInput;
  const owned: FeedFields = {
    item_type: car.item_type,
    car_type: car.car_type,
    certified: car.certified,
    status: car.status,
    sold_at: car.sold_at,
    location: car.location,
    year: car.year,
    make: car.make,
    model: car.model,
    badge: car.badge,
    colour: car.colour,
    price: car.price,
    before_price: car.before_price,
    km: car.km,
    vin: car.vin,
    fuel: car.fuel,
    body: car.body,
    transmission: car.transmission,
    drive: car.drive,
    dealercomments: car.dealercomments,
    photos: car.photos,
  };
  return { vehicleId: stocknum.success ? stocknum.data : vehicleId, fields: owned, car };
}
