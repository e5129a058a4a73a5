/** @jest-environment node */
import type { FirstPaintRequest } from '@forecourt/shared-config/server';
import { testTenant } from '@forecourt/shared-config/testing';
import type { FastifyRequest } from 'fastify';
import type { FeaturedCar, FinancePanelCar } from '../src/features/finance-page/api/finance-cars';
import { renderFinanceFirstPaint } from './first-paint';
import type { FinancePorts } from './ports';

/**
 * The finance pages as the server paints them before any script runs, from mf-finance's ports
 * (fakes here; infra's finance.test.ts paints them through the real app and stock): the words and
 * the enquiry's first step a shopper sees, and the cars the page would otherwise ask for.
 */

const hilux: FinancePanelCar = {
  id: 'test-motors-7',
  slug: '2021-toyota-hilux-sr5',
  name: '2021 Toyota Hilux SR5',
  price: 52990,
  vin: 'MR0FA3CD100123456',
  nvic: 'ABC123',
  year: 2021,
  dealership_slug: 'test-motors',
  car_type: 'used',
  primary_image_url: 'https://images.example/hilux.jpg',
  disclaimer: 'Finance for this car is subject to the lender’s approval.',
  make: 'Toyota',
  status: 'available',
  finance_quote_weekly: null,
  lender: null,
};

const featured: FeaturedCar[] = [
  {
    id: 'f1',
    slug: '2020-mazda-cx-5',
    name: '2020 Mazda CX-5 Maxx',
    price: 28990,
    km: 41200,
    primary_image_url: 'https://images.example/cx5.jpg',
  },
  { id: 'f2', slug: '2019-kia-cerato', name: '2019 Kia Cerato S', price: 17490, km: 63050, primary_image_url: null },
];

function fakePorts(asked: string[] = []): FinancePorts {
  const tenant = testTenant();
  return {
    clock: () => new Date(0),
    financeSettings: () => tenant.finance,
    financeCar: async (_request, id) => {
      asked.push(`car ${id}`);
      return id === hilux.id ? hilux : null;
    },
    featuredUsedCars: async (_request, count) => {
      asked.push(`featured ${count}`);
      return featured;
    },
    verifiedPhone: async () => null,
    storeLead: async () => ({ status: 'limited' }),
    partner: {
      quote: async () => Promise.reject(new Error('not asked')),
      createCustomer: async () => Promise.reject(new Error('not asked')),
    },
  };
}

function paint(url: string, tenant = testTenant(), ports = fakePorts()) {
  const input: FirstPaintRequest = {
    request: {} as FastifyRequest,
    tenant,
    url,
    version: '9.9.9',
    search: null,
    session: { status: 'signed-out' },
  };
  return renderFinanceFirstPaint(input, ports);
}

/** The HTML's text as a shopper reads it (React writes apostrophes and ampersands as entities). */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

describe('the first paint of /finance', () => {
  it('holds the heading, the words under it and the first step of the enquiry', async () => {
    const html = text((await paint('/finance'))!.html);
    expect(html).toMatch(/<h1[^>]*>Finance<\/h1>/);
    expect(html).toContain('Finance your next car with Test Motors. Prefer to talk? Call our finance team on');
    expect(html).toMatch(/<a href="tel:0290000000">02 9000 0000<\/a>/);
    expect(html).toMatch(/<form[^>]*aria-label="Finance enquiry"/);
    expect(html).toMatch(
      /<label for="([^"]+)">Purchase price.*<input type="text" id="\1"[^>]*name="purchasePrice" value="30000"/,
    );
    expect(html).toContain('How it works');
    expect(html).toContain('Quick Estimate');
  });

  it('is the app frame of this build, so the hand-over keeps the version mark', async () => {
    const html = (await paint('/finance'))!.html;
    expect(html).toMatch(/^<div data-boundary="mf-finance" data-version="9.9.9">/);
  });

  it('is Get Finance Now with the featured used cars on a site with the call to action, read once and inlined', async () => {
    const asked: string[] = [];
    const result = (await paint('/finance', testTenant({ finance: { getFinanceCta: true } }), fakePorts(asked)))!;
    const html = text(result.html);
    expect(html).toMatch(/<h1[^>]*>Get Finance Now<\/h1>/);
    expect(html).toContain('Used cars you can finance today');
    expect(html).toContain('2020 Mazda CX-5 Maxx');
    expect(html).toContain('$28,990 · 41,200 km');
    expect(html).toContain('See all our used cars');
    expect(asked).toEqual(['featured 6']);
    expect(result.data).toEqual({ featured });
  });

  it('reads no cars where the page shows none: a site without the call to action', async () => {
    const asked: string[] = [];
    const result = (await paint('/finance', testTenant(), fakePorts(asked)))!;
    expect(asked).toEqual([]);
    expect(result.data).toEqual({});
  });
});

describe('the first paint of the other finance pages', () => {
  it("shows the chosen car of a link beside the form, and starts the purchase price at the car's price", async () => {
    const result = (await paint('/personalised/finance?car_id=test-motors-7'))!;
    const html = text(result.html);
    expect(html).toMatch(/<h1[^>]*>Personalised finance<\/h1>/);
    expect(html).toContain('Your chosen car');
    expect(html).toContain('2021 Toyota Hilux SR5');
    expect(html).toContain('$52,990');
    expect(html).toMatch(/<input[^>]*name="purchasePrice" value="52990"/);
    expect(result.data).toEqual({ chosen: { id: 'test-motors-7', car: hilux } });
  });

  it('says a chosen car is no longer listed when the site has no such car', async () => {
    const result = (await paint('/personalised/finance?car_id=gone-1'))!;
    expect(text(result.html)).toContain('That car is no longer listed, but we can still help you with finance.');
    expect(result.data).toEqual({ chosen: { id: 'gone-1', car: null } });
  });

  it("paints the dealer's own finance link and the Equifax finance page where the site has them", async () => {
    const tenant = testTenant({ finance: { link: '/car-loans', equifaxFinance: true } });
    expect(text((await paint('/car-loans', tenant))!.html)).toMatch(/<h1[^>]*>Finance enquiry<\/h1>/);
    const equifax = text((await paint('/equifax-finance', tenant))!.html);
    expect(equifax).toMatch(/<h1[^>]*>Equifax finance<\/h1>/);
    expect(equifax).toContain('we obtain your credit report from Equifax');
  });

  it('paints nothing at a path that is not a finance page of the site', async () => {
    expect(await paint('/equifax-finance')).toBeNull();
    expect(await paint('/finance/elsewhere')).toBeNull();
  });
});
