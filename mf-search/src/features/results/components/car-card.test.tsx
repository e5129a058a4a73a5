import type { LeadDialogProps } from '@forecourt/shared-config/leads';
import { provideFragment, renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { carHit } from '../../../lib/test-hit';
import { CarCard } from './car-card';

const card = (hit = carHit(), tenant = testTenant({ finance: { provider: 'Angle' } })) => {
  renderWithPlatform(<CarCard hit={hit} nowSeconds={1_790_000_000} />, { tenant });
  return within(screen.getByRole('article', { name: hit.name }));
};

describe('the result card’s weekly finance (one rule with the car’s page)', () => {
  it('shows the calculator’s figure at its starting values: $29,990 over 6 years at 8.5% is $123/wk, not the lender’s stored $120', () => {
    expect(
      card(carHit({ price: 29_990, offer_price: null, finance_quote_weekly: 120 })).getByText('$123/wk'),
    ).toBeInTheDocument();
  });

  it('shows no weekly figure beside a weekly subscription price', () => {
    expect(
      card(carHit({ subscription_price: 189 }), testTenant({ pricing: { subscriptionDealer: true } })).queryByText(
        /\/wk|Enquire for Finance/,
      ),
    ).toBeNull();
  });

  it('shows no weekly figure for a Suzuki, whose page has no calculator', () => {
    expect(
      card(carHit({ make: 'Suzuki', name: '2021 Suzuki Swift GL' })).queryByText(/\/wk|Enquire for Finance/),
    ).toBeNull();
  });

  it("shows no weekly figure for a car without the site's lender record", () => {
    expect(card(carHit({ finance_lender: null })).queryByText(/\/wk|Enquire for Finance/)).toBeNull();
  });

  it('shows no weekly figure on a site with finance switched off', () => {
    expect(
      card(carHit(), testTenant({ features: { 'mf-finance': false } })).queryByText(/\/wk|Enquire for Finance/),
    ).toBeNull();
  });
});

describe('the result card’s price (the site’s pricing switches)', () => {
  it("shows a subscription dealer's car at its subscription price, $189 / week", () => {
    const price = card(carHit({ subscription_price: 189 }), testTenant({ pricing: { subscriptionDealer: true } }));
    expect(price.getByText('$189')).toBeInTheDocument();
    expect(price.getByText('/ week')).toBeInTheDocument();
  });

  it('shows the same car at its price on a site that is not a subscription dealer', () => {
    const price = card(carHit({ subscription_price: 189, price: 29_990, offer_price: null }));
    expect(price.getByText('$29,990')).toBeInTheDocument();
    expect(price.queryByText('/ week')).toBeNull();
  });

  it("shows the site's own no-price text for a car priced at 0", () => {
    expect(
      card(
        carHit({ price: 0, offer_price: null, preorder: false }),
        testTenant({ pricing: { noPriceText: 'Call for price' } }),
      ).getByText('Call for price'),
    ).toBeInTheDocument();
  });
});

describe("a sold car's 'Find Me Something Similar' (spec: the enquiry prefilled, subcategory 'Find me something similar')", () => {
  const sold = carHit({ status: 'sold', name: '2019 Toyota Corolla Ascent', objectID: 'c42' });

  /** mf-leads's dialog as the card hands it over: the car it is about, open or not. */
  function FindSimilarDialog({ car, open }: LeadDialogProps) {
    return open ? (
      <div role="dialog" aria-label="Find Me Something Similar">
        <p>{car.name}</p>
      </div>
    ) : null;
  }

  it('links to the prefilled find-similar enquiry about the car where there is no dialog', () => {
    expect(card(sold).getByRole('link', { name: 'Find Me Something Similar' })).toHaveAttribute(
      'href',
      '/contact?car_id=c42&type=similar',
    );
  });

  it('opens the find-similar dialog about the car over the results', async () => {
    provideFragment('mf_leads/FindSimilarDialog', FindSimilarDialog);
    fireEvent.click(card(sold).getByRole('link', { name: 'Find Me Something Similar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Find Me Something Similar' });
    expect(within(dialog).getByText('2019 Toyota Corolla Ascent')).toBeInTheDocument();
  });
});
