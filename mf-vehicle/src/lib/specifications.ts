import { bodyLabel, formatKms, formatNumber, specText } from '@forecourt/shared-config';
import type { VehicleSummary } from '../contract';
import type { SpecRow } from '../features/key-info/lib/spec-rows';
import { regoExpiryText } from './rego';

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : null;
const withUnit = (value: unknown, unit: string, digits = 0) => {
  const n = num(value);
  return n === null || n <= 0 ? null : `${formatNumber(n, { maximumFractionDigits: digits })} ${unit}`;
};
/** Spec (finance-leads-locations §9): 'Feet to metres 0.3048'. */
export const METRES_PER_FOOT = 0.3048;

/** A caravan's length the way its buyers compare them, in feet beside the millimetres. */
function lengthOf(value: unknown, itemType: string): string | null {
  const mm = withUnit(value, 'mm');
  const n = num(value);
  if (!mm || n === null || itemType !== 'caravan') return mm;
  return `${mm} (${(n / 1000 / METRES_PER_FOOT).toFixed(1)} ft)`;
}
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const date = (iso: string | null) =>
  iso && /^\d{4}-\d{2}/.test(iso)
    ? new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-AU', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : null;

/**
 * The car's specification rows, the four key facts first (spec: 'key information 4 first'): year,
 * kilometres, transmission, fuel; then body and drivetrain, the variant's figures, the dates and
 * registration, the identifiers. Rows without a value are dropped when shown (spec-rows.ts).
 */
export function specificationRows(car: VehicleSummary, today: Date, showUnregistered: boolean): SpecRow[] {
  const v = car.variant;
  return [
    { label: 'Year', value: car.year },
    // A towed caravan has no odometer: no row unless its data has a reading.
    { label: 'Kilometres', value: car.item_type === 'caravan' && !(car.km > 0) ? null : formatKms(car.km) },
    // A caravan's feed says 'none' for transmission and fuel: no row, rather than 'Transmission: None'.
    { label: 'Transmission', value: specText(car.transmission) },
    { label: 'Fuel', value: specText(car.fuel) },
    { label: 'Body', value: specText(car.body) === null ? null : bodyLabel(car.body) },
    { label: 'Colour', value: car.colour },
    { label: 'Drive', value: specText(car.drive) },
    { label: 'Seats', value: car.seats > 0 ? car.seats : null },
    { label: 'Series', value: car.series },
    { label: 'Engine', value: car.engine_size_litres ? `${car.engine_size_litres.toFixed(1)} L` : null },
    { label: 'Cylinders', value: num(v['cylinders']) },
    { label: 'Induction', value: text(v['induction']) },
    { label: 'Fuel economy (combined)', value: withUnit(v['fuelconsumptioncombined'], 'L/100km', 1) },
    { label: 'Fuel tank', value: withUnit(v['fuelcapacity'], 'L') },
    { label: 'Torque', value: withUnit(v['torque'], 'Nm') },
    { label: 'Towing capacity (braked)', value: withUnit(v['towingcapacitybraked'], 'kg') },
    { label: 'Gross vehicle mass', value: withUnit(v['grossvehiclemass'], 'kg') },
    { label: 'Length', value: lengthOf(v['vehiclelength'], car.item_type) },
    { label: 'Width', value: withUnit(v['vehiclewidth'], 'mm') },
    { label: 'Height', value: withUnit(v['vehicleheight'], 'mm') },
    { label: 'ANCAP safety rating', value: num(v['ancaprating']) ? `${num(v['ancaprating'])} stars` : null },
    { label: 'Build date', value: date(car.build_date) },
    { label: 'Compliance date', value: date(car.compliance_date) },
    { label: 'Registration', value: car.regplate },
    { label: 'Rego expiry', value: regoExpiryText(car.rego_expiry, today, showUnregistered) },
    { label: 'VIN', value: car.vin },
    { label: 'Stock number', value: car.stocknum },
  ];
}
