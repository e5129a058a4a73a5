import { sql, type Kysely } from 'kysely';
import type { PlatformTables } from '@forecourt/data/schema';

/** What a rego service answers for a plate (the fields the valuation wizard fills). */
export interface RegisteredVehicle {
  year: number;
  make: string;
  model: string;
  badge: string | null;
  body: string | null;
  transmission: string | null;
  fuel: string | null;
}

/**
 * The rego service (spec §7 'rego lookup (rego, regoState)'), as the platform calls it: a plate
 * and its state to the vehicle registered under it, or null when that state has no such plate.
 * A production adapter calls a state register or a vehicle-data partner with the same answer.
 */
export interface RegoRegister {
  lookup(rego: string, state: string): Promise<RegisteredVehicle | null>;
}

/**
 * The embedded register: every registered car in the platform's stock, across all dealers (a
 * state register knows every plate in the state, not one dealer's), matched on the plate
 * (spaces and dashes ignored, any case) and the state. A plate shown on any used car's page is a
 * demo plate that the wizard finds; any other plate is not found, as a register answers for a
 * plate never issued.
 */
export class StockRegoRegister implements RegoRegister {
  constructor(private readonly db: Kysely<PlatformTables>) {}

  async lookup(rego: string, state: string): Promise<RegisteredVehicle | null> {
    const plate = rego.replace(/[\s-]/g, '').toUpperCase();
    const row = await this.db
      .selectFrom('cars')
      .select(['year', 'make', 'model', 'badge', 'simple_body', 'simple_transmission', 'simple_fuel'])
      .where(sql<string>`upper(regexp_replace(regplate, '[\\s-]', '', 'g'))`, '=', plate)
      .where('state', '=', state)
      .orderBy('year', 'desc')
      .executeTakeFirst();
    if (!row) return null;
    const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
    return {
      year: Number(row.year),
      make: String(row.make),
      model: String(row.model),
      badge: text(row.badge),
      body: text(row.simple_body),
      transmission: text(row.simple_transmission),
      fuel: text(row.simple_fuel),
    };
  }
}
