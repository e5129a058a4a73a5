import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { fireEvent, screen } from '@testing-library/react';
import { testCar } from '../../../testing/test-car';
import { InfoTabs } from './info-tabs';

const openTab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name }));

describe('the used-car promise on the vehicle page (spec: 14 days, 500 km, a quarter tank, no encumbrance, keys)', () => {
  it('lists the five return conditions under Why Buy From Us?', () => {
    renderWithPlatform(<InfoTabs car={testCar({ car_type: 'used' })} />, {
      tenant: testTenant({ vehicle: { usedCarPromise: 'return' } }),
    });
    openTab('Why Buy From Us?');
    expect(screen.getByText('Change your mind? Return the car if it is:')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Returned within 14 days of delivery',
      'Driven no more than 500 km',
      'At least a quarter tank of fuel',
      'Free of any encumbrance',
      'All keys and accessories returned',
    ]);
  });

  it("shows the one tenant's variant word for word, under What's Included and Why Buy From Us?", () => {
    renderWithPlatform(<InfoTabs car={testCar({ car_type: 'used' })} />, {
      tenant: testTenant({ vehicle: { usedCarPromise: 'money-back' } }),
    });
    openTab("What's Included");
    expect(screen.getByText('48 hour money back guarantee and 12 months roadside assist')).toBeInTheDocument();
    openTab('Why Buy From Us?');
    expect(screen.getByText('48 hour money back guarantee and 12 months roadside assist.')).toBeInTheDocument();
    expect(screen.queryByText(/Return the car if it is/)).toBeNull();
  });

  it('asks no km or fuel of a returned caravan, which has neither', () => {
    renderWithPlatform(<InfoTabs car={testCar({ car_type: 'used', item_type: 'caravan' })} />, {
      tenant: testTenant({ search: { itemNoun: 'caravan' }, vehicle: { usedCarPromise: 'return' } }),
    });
    openTab('Why Buy From Us?');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Returned within 14 days of delivery',
      'Free of any encumbrance',
      'All keys and accessories returned',
    ]);
  });
});

describe('the tabs on a site without finance', () => {
  it('promise no finance arranged in house for a new car', () => {
    renderWithPlatform(<InfoTabs car={testCar({ car_type: 'new' })} />, {
      tenant: testTenant({ features: { 'mf-finance': false } }),
    });
    openTab('Why Buy From Us?');
    expect(screen.getByText(/servicing by factory-trained technicians\.$/)).toBeInTheDocument();
  });

  it("name no finance in What's Included", () => {
    renderWithPlatform(<InfoTabs car={testCar({ car_type: 'used' })} />, {
      tenant: testTenant({ features: { 'mf-finance': false } }),
    });
    openTab("What's Included");
    expect(screen.getByText('A clean title: checked free of money owing and write-offs')).toBeInTheDocument();
  });
});

describe("the dealer's comments", () => {
  it("are marked as the dealer's own text, which the platform's word checks leave out", () => {
    renderWithPlatform(<InfoTabs car={testCar({ dealer_comments: 'Drives like new, one owner.' })} />);
    expect(screen.getByText('Drives like new, one owner.').closest('[data-dealer-text]')).not.toBeNull();
  });

  it("leave the platform's own text unmarked while the dealer has written none", () => {
    renderWithPlatform(<InfoTabs car={testCar({ dealer_comments: '' })} />);
    expect(screen.getByRole('tabpanel').querySelector('[data-dealer-text]')).toBeNull();
  });
});
