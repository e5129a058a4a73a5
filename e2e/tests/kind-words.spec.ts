import { expect, test } from '@playwright/test';
import { E2E_PORT, tenantUrl } from '../support/env';
import { takeOver } from '../support/first-paint';
import { listedCarPath } from '../support/listed-cars';
import { carNotPreorder, describeOffences, kindWordOffences, shopperText } from '../support/kind-words';

/**
 * Coastal Caravans speaks of caravans, and of no finance: one page of each kind of route the
 * shell serves, read as a shopper reads it (the dealer's own text left out), says none of the
 * kind-word list. `e2e/scripts/crawl-kind-words.ts` reads every page with the same check.
 */
const TENANT = 'coastal-caravans';

test('the word check matches whole words only, with their plural and possessive', () => {
  const words = (text: string, carNotPreorderPage = false) =>
    kindWordOffences(text, { carNotPreorder: carNotPreorderPage }).map((o) => o.word);
  expect(words('A caravan with CarPlay, not a carport')).toEqual([]);
  expect(words("Cars and the car's price; a trade-in, 40 kms")).toEqual(['Cars', "car's", 'trade-in', 'kms']);
  expect([words('PREORDER'), words('PREORDER', true)]).toEqual([[], ['PREORDER']]);
});

test("one page of each route kind on Coastal Caravans says no car word outside the dealer's own text", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const pages = [
    '/', // mf-search: home
    '/search/new-and-used-caravans', // mf-search: results
    await listedCarPath(E2E_PORT, TENANT), // mf-vehicle: a caravan's page
    '/locations/coastal-caravans-hervey-bay', // mf-locations
    '/contact', // mf-leads
    '/about-us', // content: the dealer's own page
    '/blog', // content: the blog
    '/finance', // mf-finance, switched off here: the shell's not-found page
  ];
  const found: string[] = [];
  for (const pathname of pages) {
    await page.goto(tenantUrl(TENANT, pathname));
    await takeOver(page);
    const offences = kindWordOffences(await shopperText(page), {
      carNotPreorder: await carNotPreorder(E2E_PORT, TENANT, pathname),
    });
    if (offences.length > 0) found.push(describeOffences(pathname, offences));
  }
  expect(found.join('\n'), 'pages of Coastal Caravans naming a word of the list').toBe('');
});
