import { askingPrice, priceDisplay, weeklyFinance, type PricedCar } from './price';

const carHit = (overrides: Partial<PricedCar> = {}): PricedCar => ({
  price: 29_990,
  offer_price: null,
  before_price: null,
  subscription_price: null,
  preorder: false,
  price_type: 'Drive Away',
  ...overrides,
});

const dealer = { subscriptionDealer: false, noPriceText: 'Enquire for price' };

describe('priceDisplay (spec: subscription, then offer, then price; 10 or less is not a price)', () => {
  it('shows the price with its type', () => {
    expect(priceDisplay(carHit({ price: 29_990 }), dealer)).toEqual({
      text: '$29,990',
      suffix: null,
      was: null,
      priceType: 'Drive Away',
    });
  });

  it('shows the offer price with the price struck through', () => {
    expect(priceDisplay(carHit({ price: 32_990, offer_price: 29_990 }), dealer)).toMatchObject({
      text: '$29,990',
      was: '$32,990',
    });
  });

  it('strikes through a before_price above the price', () => {
    expect(priceDisplay(carHit({ price: 29_990, before_price: 31_990 }), dealer)).toMatchObject({
      text: '$29,990',
      was: '$31,990',
    });
    expect(priceDisplay(carHit({ price: 29_990, before_price: 29_990 }), dealer).was).toBeNull();
  });

  it('shows a subscription price per week on a subscription dealer only', () => {
    const car = carHit({ price: 29_990, subscription_price: 189 });
    expect(priceDisplay(car, { ...dealer, subscriptionDealer: true })).toMatchObject({
      text: '$189',
      suffix: '/ week',
    });
    expect(priceDisplay(car, dealer)).toMatchObject({ text: '$29,990', suffix: null });
  });

  it('shows PREORDER for a preorder car priced 10 or less', () => {
    expect(priceDisplay(carHit({ price: 10, preorder: true }), dealer)).toMatchObject({
      text: 'PREORDER',
      priceType: null,
    });
    expect(priceDisplay(carHit({ price: 11, preorder: true }), dealer).text).toBe('$11');
  });

  it('shows the site’s no-price text for a car priced 10 or less that is not a preorder', () => {
    expect(priceDisplay(carHit({ price: 0 }), dealer).text).toBe('Enquire for price');
  });
});

describe('weeklyFinance', () => {
  it("reads '/wk' above 25 and 'Enquire for Finance' at 25 or below", () => {
    expect(weeklyFinance(26)).toBe('$26/wk');
    expect(weeklyFinance(25)).toBe('Enquire for Finance');
    expect(weeklyFinance(null)).toBe('Enquire for Finance');
  });
});

describe('askingPrice (the number search engines are given)', () => {
  it('is the offer price when it is a real price below the price', () => {
    expect(askingPrice({ price: 32_990, offer_price: 29_990 })).toBe(29_990);
    expect(askingPrice({ price: 32_990, offer_price: 5 })).toBe(32_990);
  });

  it('is none at 10 or less', () => {
    expect(askingPrice({ price: 10, offer_price: null })).toBeNull();
  });
});
