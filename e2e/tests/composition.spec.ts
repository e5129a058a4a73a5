import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkoutVersion, E2E_PORT, REPO_ROOT, tenantUrl } from '../support/env';
import { listedCarPath } from '../support/listed-cars';
import { bootRemotes, scrollToFragment, slot, appFrame } from '../support/platform';
import { signInOnPage } from '../support/sign-in';
import { axeViolations } from '../support/axe';

/** One route per remote, from each remote's routes.json. */
const ROUTES: Array<{ team: string; path: string; heading: RegExp }> = [
  { team: 'mf-search', path: '/', heading: /Find your next/ },
  { team: 'mf-search', path: '/search/used-cars', heading: /Used cars/ },
  { team: 'mf-search', path: '/special-offers', heading: /Special offers/ },
  // A car the site lists (an unknown slug is a 404): its first Toyota Hilux, from its sitemap.
  { team: 'mf-vehicle', path: '/cars/{a listed toyota-hilux}', heading: /Toyota Hilux/i },
  { team: 'mf-finance', path: '/finance', heading: /Finance/ },
  { team: 'mf-leads', path: '/contact', heading: /Contact/ },
  { team: 'mf-leads', path: '/cars/trade-in', heading: /Trade-in/i },
  { team: 'mf-locations', path: '/dealer-locator', heading: /Our locations/ },
];

const TENANTS = [
  { slug: 'harbourside-motors', name: 'Harbourside Motors' },
  { slug: 'redgum-used-cars', name: 'Redgum Used Cars' },
];

for (const tenant of TENANTS) {
  test.describe(`${tenant.slug}`, () => {
    for (const route of ROUTES) {
      test(`${route.team} mounts on ${route.path}`, async ({ page }) => {
        const path = route.path.includes('{') ? await listedCarPath(E2E_PORT, tenant.slug, 'toyota-hilux') : route.path;
        const response = await page.goto(tenantUrl(tenant.slug, path));
        expect(response?.status()).toBe(200);
        // Redgum gates its finance pages (tenant gatedRoutes): sign in, and the page comes back.
        if (new URL(page.url()).pathname === '/sign-in') {
          await signInOnPage(page);
          await expect(page).toHaveURL(tenantUrl(tenant.slug, path));
        }
        await expect(page.getByRole('banner')).toContainText(tenant.name);
        await expect(slot(page, route.team)).toHaveAttribute('data-status', 'mounted');
        const app = page.locator(`[data-boundary="${route.team}"]`).first();
        await expect(app.getByRole('heading', { level: 1 })).toHaveText(route.heading);
        // Only the owner of the route is mounted.
        await expect(appFrame(page)).toHaveCount(1);
        // The build is named in the DOM for support, never in the text a shopper reads.
        await expect(page.locator('body')).not.toContainText(/\b(shell|mf-[a-z]+) \d+\.\d+\.\d+/);
      });
    }
  });
}

test('a navigation between teams swaps the apps and keeps the chrome', async ({ page }) => {
  await page.goto(tenantUrl('harbourside-motors', '/'));
  await expect(slot(page, 'mf-search')).toHaveAttribute('data-status', 'mounted');
  const header = await page.getByRole('banner').elementHandle();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Finance' }).click();
  await expect(page).toHaveURL(/\/finance$/);
  await expect(slot(page, 'mf-finance')).toHaveAttribute('data-status', 'mounted');
  // The search app is gone from its slot (the finance page may still show a search fragment).
  await expect(slot(page, 'mf-search').locator('[data-boundary="mf-search"]')).toHaveCount(0);
  // Same header element: the page was not reloaded.
  expect(await header?.evaluate((el) => el.isConnected)).toBe(true);
});

for (const tenant of TENANTS) {
  test(`react-dom is downloaded once per page load (${tenant.slug})`, async ({ page }) => {
    const scripts: Array<Promise<{ url: string; body: string }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(
          response.text().then(
            (body) => ({ url: response.url(), body }),
            () => ({ url: response.url(), body: '' }),
          ),
        );
      }
    });
    await page.goto(tenantUrl(tenant.slug, '/'));
    await expect(slot(page, 'mf-search')).toHaveAttribute('data-status', 'mounted');
    // The home page also shows fragments from mf-locations, mf-finance and mf-leads (once the
    // shopper scrolls to them): five containers with the shell's, one React.
    await scrollToFragment(page, 'mf_leads/QuickEnquiry', page.locator('[data-boundary="mf-leads"]'));
    await expect(page.locator('[data-boundary="mf-locations"]').first()).toBeVisible();
    await expect(page.locator('[data-boundary="mf-finance"]')).toBeVisible();
    await expect(page.locator('[data-boundary="mf-leads"]')).toBeVisible();
    const downloaded = await Promise.all(scripts);
    expect(downloaded.filter((s) => s.url.endsWith('/remoteEntry.js'))).toHaveLength(4);
    // Every build carries react-dom as its fallback; the renderer's devtools registration is a
    // marker only react-dom's reconciler has. One download, and it is the shell's copy.
    const reactDom = downloaded.filter((s) => s.body.includes('rendererPackageName:"react-dom"'));
    expect(reactDom.map((s) => new URL(s.url).pathname.split('/').slice(0, 3).join('/'))).toEqual(['/registry/shell']);
  });
}

test('two tenants run different pinned versions of mf-search', async ({ page }) => {
  await page.goto(tenantUrl('harbourside-motors', '/'));
  await expect(appFrame(page, 'mf-search')).toHaveAttribute('data-version', checkoutVersion('mf-search'));
  await page.goto(tenantUrl('redgum-used-cars', '/'));
  await expect(appFrame(page, 'mf-search')).toHaveAttribute('data-version', '1.0.0');
});

test('the page names versioned entry URLs', async ({ page }) => {
  await page.goto(tenantUrl('redgum-used-cars', '/'));
  const remotes = await bootRemotes(page);
  expect(remotes.map((r) => r.team).sort()).toEqual([
    'mf-finance',
    'mf-leads',
    'mf-locations',
    'mf-search',
    'mf-vehicle',
  ]);
  for (const remote of remotes) expect(remote.entry).toBe(`/registry/${remote.team}/${remote.version}/remoteEntry.js`);
});

test('a remote switched off for a tenant is not on its site', async ({ page }) => {
  const response = await page.goto(tenantUrl('coastal-caravans', '/finance'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect((await bootRemotes(page)).map((r) => r.team)).not.toContain('mf-finance');
});

test('an unknown path shows the not-found page inside the chrome', async ({ page }) => {
  const response = await page.goto(tenantUrl('summit-auto-group', '/no-such-page'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('an unknown tenant gets a 404 that lists no dealers', async ({ page }) => {
  const response = await page.goto(tenantUrl('no-such-dealer', '/'));
  expect(response?.status()).toBe(404);
  await expect(page.locator('body')).not.toContainText('Harbourside');
});

test('the home page has no accessibility violations', async ({ page }) => {
  await page.goto(tenantUrl('harbourside-motors', '/'));
  await expect(slot(page, 'mf-search')).toHaveAttribute('data-status', 'mounted');
  await scrollToFragment(page, 'mf_locations/DealerContact', page.locator('[data-boundary="mf-locations"]'));
  await expect(page.locator('[data-boundary="mf-locations"]').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('no remote URL is compiled into any bundle', () => {
  // `npm start` built these before the site came up; the registry decides every URL at run time.
  const teams = ['shell', 'mf-search', 'mf-vehicle', 'mf-finance', 'mf-leads', 'mf-locations'];
  let files = 0;
  for (const team of teams) {
    const dist = path.join(REPO_ROOT, team, 'dist');
    for (const file of readdirSync(dist).filter((f) => f.endsWith('.js'))) {
      const body = readFileSync(path.join(dist, file), 'utf8');
      files += 1;
      expect({
        file: `${team}/${file}`,
        registry: body.includes('/registry/'),
        entry: body.includes('remoteEntry.js'),
      }).toEqual({
        file: `${team}/${file}`,
        registry: false,
        entry: false,
      });
      if (team === 'shell')
        for (const name of ['mf_search', 'mf_vehicle', 'mf_finance', 'mf_leads', 'mf_locations'])
          expect(body).not.toContain(name);
    }
  }
  expect(files).toBeGreaterThan(50);
});
