import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadContent } from '@forecourt/domain/content/content-library';
import type { Database } from '@forecourt/data/database';
import { listTenantCatalogue } from '@forecourt/data/stock';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import {
  bootDataOf,
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/**
 * Content pages over the real page route: a path no remote owns answers the site's content page
 * (200, its title and description in the head, the page in the boot data) or not-found; brand
 * pages come from the site's brand entries; a remote's route always wins over a content file.
 */
let database: Database;
let platform: TestPlatform;

const SUMMIT = 'summit-auto-group';
const REDGUM = 'redgum-used-cars';
const COASTAL = 'coastal-caravans';

/** The folders the file made, removed when it ends. */
const made: string[] = [];

function contentFolder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-pages-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
const md = (front: string, body = '') => `---\n${front}\n---\n${body}\n`;

beforeAll(async () => {
  database = await openSharedDatabase();
  const tenants = await loadTenants();
  await seedStock(database, tenants, { seed: 5, totalCars: 60, now: defaultSeedNow() });
  const content = await loadContent(
    contentFolder({
      '_all/privacy-policy.md': md(
        'title: Privacy policy\ndescription: How {{site.name}} looks after your details.',
        '## What we collect\n\nYour name.',
      ),
      [`${SUMMIT}/about-us.md`]: md('title: About Summit\ndescription: Thirty years in Brisbane.', 'Since 1994.'),
      [`${SUMMIT}/contact.md`]: md('title: Not this one\ndescription: The contact page is the leads team’s.'),
      [`${SUMMIT}/blog/buyer-advice/first-car.md`]: md(
        'title: Your first car\ndescription: A checklist.\ndate: 2026-03-01\nimage: /media/blog/first-car.jpg',
      ),
      [`${SUMMIT}/blog/motoring-tips/towing.md`]: md('title: Towing safely\ndescription: Five tips.\ndate: 2026-08-10'),
      [`${SUMMIT}/spin-to-win.md`]: md('title: Spin to win\ndescription: A prize every spin.'),
      ['_all/online-payment.md']: md('title: Pay online\ndescription: Deposits and invoices.'),
      ['_caravan/privacy-policy.md']: md(
        'title: Privacy policy\ndescription: How {{site.name}} looks after your details and your caravan’s.',
      ),
      [`${SUMMIT}/brands/ford.md`]: md(
        'title: Ford at Summit\ndescription: Ranger, Everest and more.',
        'Our Ford showroom.',
      ),
    }),
    tenants,
  );
  platform = await createTestPlatform(database, { content });
});
afterAll(async () => {
  await platform.close();
  await clearPlatformTables(database);
  await database.close();
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

const get = (tenant: string, url: string) =>
  platform.app.inject({ method: 'GET', url, headers: { 'x-forecourt-tenant': tenant } });

describe('content pages', () => {
  it('answers a site’s own page with its title and description in the head and the page in the boot data', async () => {
    const response = await get(SUMMIT, '/about-us');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>About Summit | Summit Auto Group</title>');
    expect(response.body).toContain('<meta name="description" content="Thirty years in Brisbane.">');
    expect(bootDataOf(response.body).content).toMatchObject({
      kind: 'page',
      title: 'About Summit',
      html: '<p>Since 1994.</p>\n',
      breadcrumbs: [{ label: 'Home', href: '/' }],
    });
  });

  it('answers the page every site shares with each site’s name in it', async () => {
    const [summit, redgum] = await Promise.all([get(SUMMIT, '/privacy-policy'), get(REDGUM, '/privacy-policy')]);
    expect(bootDataOf(summit.body).content?.description).toBe('How Summit Auto Group looks after your details.');
    expect(bootDataOf(redgum.body).content?.description).toBe('How Redgum Used Cars looks after your details.');
  });

  it('answers a shared page with its site kind’s version where there is one (a caravan yard’s), and every other site with the page all share', async () => {
    const [coastal, summit] = await Promise.all([get(COASTAL, '/privacy-policy'), get(SUMMIT, '/privacy-policy')]);
    expect(bootDataOf(coastal.body).content?.description).toBe(
      'How Coastal Caravans looks after your details and your caravan’s.',
    );
    expect(bootDataOf(summit.body).content?.description).toBe('How Summit Auto Group looks after your details.');
  });

  it('says a site’s own page and its own posts are the dealer’s words, and a shared page is not', async () => {
    const [own, shared, blog] = await Promise.all([
      get(SUMMIT, '/about-us'),
      get(SUMMIT, '/privacy-policy'),
      get(SUMMIT, '/blog'),
    ]);
    expect(bootDataOf(own.body).content?.dealerText).toBe(true);
    expect(bootDataOf(shared.body).content?.dealerText).toBeUndefined();
    expect(bootDataOf(blog.body).content?.cards?.map((card) => card.dealerText)).toEqual([true, true]);
  });

  it('is not-found where the site has no such page', async () => {
    const response = await get(REDGUM, '/about-us');
    expect(response.statusCode).toBe(404);
    expect(bootDataOf(response.body).content).toBeUndefined();
  });

  it('leaves a remote’s route to the remote even where a content file has its address', async () => {
    const response = await get(SUMMIT, '/contact');
    expect(response.statusCode).toBe(200);
    expect(bootDataOf(response.body).content).toBeUndefined();
  });

  it('lists every post on /blog, newest first, with the sections that have posts', async () => {
    const content = bootDataOf((await get(SUMMIT, '/blog')).body).content;
    expect(content?.cards?.map((c) => [c.heading, c.href, c.date])).toEqual([
      ['Towing safely', '/blog/motoring-tips/towing', '2026-08-10'],
      ['Your first car', '/blog/buyer-advice/first-car', '2026-03-01'],
    ]);
    expect(content?.sections?.map((s) => s.label)).toEqual(['Buyer advice', 'Motoring tips']);
  });

  it('lists one section’s posts on its page, and has no page for a section the blog does not have', async () => {
    expect(bootDataOf((await get(SUMMIT, '/blog/buyer-advice')).body).content?.cards?.map((c) => c.heading)).toEqual([
      'Your first car',
    ]);
    expect((await get(SUMMIT, '/blog/gossip')).statusCode).toBe(404);
  });

  it('answers a post with the blog and its section in the breadcrumbs', async () => {
    const content = bootDataOf((await get(SUMMIT, '/blog/buyer-advice/first-car')).body).content;
    expect(content).toMatchObject({ kind: 'post', date: '2026-03-01', image: '/media/blog/first-car.jpg' });
    expect(content?.breadcrumbs.map((b) => b.label)).toEqual(['Home', 'Blog', 'Buyer advice']);
  });

  it('has no blog on a site without posts', async () => {
    expect((await get(REDGUM, '/blog')).statusCode).toBe(404);
  });
});

describe('brand pages (the site’s brand entries)', () => {
  it('lists the group’s brands on /brands, a brand that skips its page linking to its stock', async () => {
    const brands = bootDataOf((await get(SUMMIT, '/brands')).body).content?.brands ?? [];
    expect(brands.map((b) => [b.title, b.category])).toEqual(
      expect.arrayContaining([
        ['Ford', 'car'],
        ['Yamaha', 'motorcycle'],
        ['Isuzu Trucks', 'truck'],
      ]),
    );
    expect(brands.find((b) => b.slug === 'ford')?.href).toBe('/ford/overview');
    expect(brands.find((b) => b.slug === 'fuso')?.href).toBe('/search/fuso');
  });

  it('answers a brand overview with its Markdown body and a link to the brand’s stock', async () => {
    const content = bootDataOf((await get(SUMMIT, '/ford/overview')).body).content;
    expect(content).toMatchObject({
      kind: 'brand',
      title: 'Ford at Summit',
      html: '<p>Our Ford showroom.</p>\n',
      cta: { label: 'View Ford stock', href: '/search/ford' },
    });
    expect(content?.breadcrumbs.map((b) => b.href)).toEqual(['/', '/brands']);
  });

  it('answers a brand without a Markdown page from its brand entry', async () => {
    const content = bootDataOf((await get(SUMMIT, '/kia/overview')).body).content;
    expect(content).toMatchObject({
      title: 'Kia',
      description: expect.stringContaining('Kia cars at Summit Auto Group'),
    });
  });

  it('has no overview for a brand that skips its page, a brand the site does not sell, or a site without brands', async () => {
    expect([
      (await get(SUMMIT, '/fuso/overview')).statusCode,
      (await get(SUMMIT, '/holden/overview')).statusCode,
      (await get(REDGUM, '/brands')).statusCode,
    ]).toEqual([404, 404, 404]);
  });
});

describe('sitemap', () => {
  it('lists the site’s content pages, its blog and its brand pages (not a brand that skips its page)', async () => {
    const body = (await get(SUMMIT, '/sitemap.xml')).body;
    const locs = [...body.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        '/about-us',
        '/privacy-policy',
        '/blog',
        '/blog/buyer-advice/first-car',
        '/brands',
        '/ford/overview',
        '/isuzu-trucks/overview',
      ]),
    );
    expect(locs).not.toContain('/fuso/overview');
  });

  it('leaves out the pages behind sign-in (a crawler would only be redirected): online payment always, spin to win where the site gates it', async () => {
    const locs = (await get(SUMMIT, '/sitemap.xml')).body;
    expect([locs.includes('/online-payment<'), locs.includes('/spin-to-win<'), locs.includes('/about-us<')]).toEqual([
      false,
      false,
      true,
    ]);
  });
});

describe('model accessories (/{model slug}/accessories)', () => {
  it('answers a model of the site’s new range with its accessories, and not a model without any', async () => {
    const catalogue = await listTenantCatalogue(database.db, SUMMIT);
    const withAccessories = catalogue.find((e) => e.model.accessories_count > 0)!;
    const content = bootDataOf((await get(SUMMIT, `/${withAccessories.model.slug}/accessories`)).body).content;
    expect(content).toMatchObject({
      title: `${withAccessories.manufacturer.name} ${withAccessories.model.name} accessories`,
      description: expect.stringContaining(`${withAccessories.model.accessories_count} genuine accessories`),
      cta: { href: '/contact' },
    });
    const without = catalogue.find((e) => e.model.accessories_count === 0);
    if (without) expect((await get(SUMMIT, `/${without.model.slug}/accessories`)).statusCode).toBe(404);
  });

  it('has no accessories page on a site without a new range', async () => {
    const [anyModel] = await database.db.selectFrom('models').select('slug').limit(1).execute();
    expect((await get(REDGUM, `/${String(anyModel!.slug)}/accessories`)).statusCode).toBe(404);
  });
});
