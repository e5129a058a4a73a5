import type { SpecialDay, WeeklyHours } from '../../test-drive/lib/availability';
import type { FormChoices, LeadForm } from './lead-schema';

/** A dealer location as the lead forms need it: to choose, and for test drives its hours. */
export interface LeadLocation {
  id: string;
  name: string;
  /** sales, service, parts or car-buying (spec: empty means sales). */
  type: string;
  /** Spec: the names of the locations the car may be seen at when its location has several. */
  distribution_locations: string[];
  weekly: WeeklyHours[];
  special: SpecialDay[];
}

/** The car a lead is about, as stock has it (the lead's enquiry defaults come from here, never from the form). */
export interface LeadCarFacts {
  id: string;
  slug: string;
  name: string;
  make: string;
  model: string;
  manufacturer_slug: string;
  stocknum: string;
  car_type: string;
  status: string;
  dealership_id: string;
  dealership_slug: string;
  location_id: string;
}

/**
 * The locations a form lets the shopper choose from (spec: 'Location and preferred dealership
 * selects required where shown', 'auto-selects when only one'; 'distribution location when the
 * car's location has several'):
 * - a test drive of a car: the car's location's distribution locations, else its own location;
 * - any other form about a car: none (the car says where);
 * - the service booking: the service locations; other forms: the sales locations.
 */
export function locationChoices(
  form: LeadForm,
  car: Pick<LeadCarFacts, 'location_id'> | null,
  locations: readonly LeadLocation[],
): LeadLocation[] {
  if (car) {
    if (form !== 'test-drive') return [];
    const own = locations.find((location) => location.id === car.location_id);
    if (!own) return [];
    const siblings = own.distribution_locations
      .map((name) => locations.find((location) => location.name === name && location.type === own.type))
      .filter((location): location is LeadLocation => location !== undefined);
    return siblings.length > 1 ? siblings : [own];
  }
  const type = form === 'service' ? 'service' : 'sales';
  return locations.filter((location) => (location.type || 'sales') === type);
}

export const asChoices = (locations: ReadonlyArray<{ id: string; name: string }>): FormChoices => ({
  locations: locations.map(({ id, name }) => ({ id, name })),
});

/** Spec §3 'Enquiry defaults', from stock: what the dealer's CRM files the lead under. */
export function enquiryDefaults(car: LeadCarFacts): Record<string, string> {
  return {
    dealership_slug: car.dealership_slug,
    manufacturer_slug: car.manufacturer_slug,
    stock_number: car.stocknum,
    'Vehicle Make': car.make,
    'Vehicle Model': car.model,
    car_type: car.car_type,
    car_id: car.id,
    vehicle_status: car.status,
  };
}
