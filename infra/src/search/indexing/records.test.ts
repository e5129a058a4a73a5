import fs from 'node:fs';
import path from 'node:path';
import { askingPrice } from '@forecourt/shared-config/price';
import { parseTenantConfig } from '@forecourt/shared-config/tenant';
import { generateTenantStock } from '../../stock/seed/generate';
import { carToRecord } from './records';

const tenant = parseTenantConfig(JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'tenants', 'harbourside-motors.json'), 'utf8')), 'harbourside');
const car = generateTenantStock(tenant, { seed: 1, carsPerTenant: 1, now: new Date('2026-11-22T00:00:00Z') }, 0).cars[0]!;

describe('a car’s search record', () => {
  it('puts a car whose offer is $10 or less in the price band of its price, as its card shows it', () => {
    const record = carToRecord({ ...car, price: 24_990, offer_price: 5 }, tenant);
    expect(askingPrice({ price: 24_990, offer_price: 5 })).toBe(24_990);
    expect(record.price_range).toBe('$20,000 - $30,000');
  });

  it('puts a car with a real offer below its price in the offer’s band', () => {
    expect(carToRecord({ ...car, price: 31_990, offer_price: 28_990 }, tenant).price_range).toBe('$20,000 - $30,000');
  });
});
