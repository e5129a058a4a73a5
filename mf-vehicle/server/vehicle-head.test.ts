/** @jest-environment node */
import { testCar } from '../src/testing/test-car';
import { vehicleDescription, vehicleHead, vehicleJsonLd } from './vehicle-head';

const SITE = { name: 'Harbourside Motors', origin: 'https://harbourside.example' };

describe('the price a vehicle page offers (spec: price display, the same rule as the cards)', () => {
  it('offers the reduced price when it is below the price', () => {
    expect(vehicleJsonLd(testCar({ price: 52_990, offer_price: 49_990 }), SITE)['offers']).toMatchObject({
      price: 49_990,
    });
  });

  it('leaves the Offer without a price at $10 or less, rather than offering the car for $1', () => {
    expect(vehicleJsonLd(testCar({ price: 1 }), SITE)['offers']).not.toHaveProperty('price');
  });
});

describe('the head of a vehicle page', () => {
  it('describes the car in one line: condition, name, odometer, gearbox, fuel, price, where', () => {
    expect(vehicleDescription(testCar(), SITE)).toBe(
      'Used 2021 Toyota Hilux SR5, 45,210 km, automatic, diesel, $52,990 Drive Away. At Harbourside Motors Alexandria, Sydney NSW (Harbourside Motors).',
    );
  });

  it("leaves out a caravan's 'none' gearbox and fuel", () => {
    expect(vehicleDescription(testCar({ item_type: 'caravan', transmission: 'none', fuel: 'none' }), SITE)).toBe(
      'Used 2021 Toyota Hilux SR5, 45,210 km, $52,990 Drive Away. At Harbourside Motors Alexandria, Sydney NSW (Harbourside Motors).',
    );
  });

  it('sells a demonstrator as used and a new car as new', () => {
    expect(vehicleJsonLd(testCar({ car_type: 'demo' }), SITE)['itemCondition']).toBe(
      'https://schema.org/UsedCondition',
    );
    expect(vehicleJsonLd(testCar({ car_type: 'new' }), SITE)['itemCondition']).toBe('https://schema.org/NewCondition');
  });

  it('points link previews at the 1200 px picture on the site’s own origin', () => {
    expect(vehicleHead(testCar(), SITE).openGraph?.['image']).toBe(
      'https://harbourside.example/media/cars/ha-1/1.jpg?w=1200',
    );
  });
});
