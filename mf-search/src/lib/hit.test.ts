import { askingPrice, priceDisplay } from '@forecourt/shared-config/price';
import { hitFinanceFacts } from './hit';
import { carHit } from './test-hit';

describe('a result card’s car, as the finance rule reads it', () => {
  it('is priced as the card shows it when its offer is $10 or less', () => {
    const hit = carHit({ price: 24_990, offer_price: 5 });
    expect(priceDisplay(hit, { subscriptionDealer: false, noPriceText: 'Enquire for price' }).text).toBe('$24,990');
    expect(hitFinanceFacts(hit).price).toBe(24_990);
    expect(hitFinanceFacts(hit).price).toBe(askingPrice(hit));
  });

  it('is priced at its offer when the offer is a real price below the price', () => {
    expect(hitFinanceFacts(carHit({ price: 24_990, offer_price: 23_500 })).price).toBe(23_500);
  });
});
