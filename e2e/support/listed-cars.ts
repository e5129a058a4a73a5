import type { Page } from '@playwright/test';
import { tenantUrl } from './env';

/**
 * The address of a car a tenant's website lists, read from its sitemap (an invented slug is a
 * 404): the first one, or the first whose slug contains `model`. `port` is the running site's.
 * Asked with the tenant header from this machine, as node cannot resolve *.localhost.
 */
export async function listedCarPath(port: number, tenant: string, model?: string): Promise<string> {
  const sitemap = await (
    await fetch(`http://127.0.0.1:${port}/sitemap.xml`, { headers: { 'x-forecourt-tenant': tenant } })
  ).text();
  const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/cars\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
  const path = model ? paths.find((p) => p.includes(model)) : paths[0];
  if (!path) throw new Error(`${tenant}'s sitemap lists no ${model ?? 'car'}`);
  return path;
}

/** What the vehicle API says about a car, as far as the journeys need it. */
export interface ListedCar {
  id: string;
  slug: string;
  name: string;
  status: string;
  stocknum: string;
  reserved: boolean;
  make: string;
  model: string;
  year: number;
  price: number;
  offer_price: number | null;
  images: string[];
  spin: {
    frames: string[];
    hotspots: { exterior: Array<{ id: string; description: string; positions: Array<{ activeAngle: number }> }> };
  } | null;
  location: { slug: string; name: string; phone: string };
}

/**
 * The first car a tenant's website lists (sitemap order) that `wanted` accepts, read through the
 * vehicle API as the page reads it.
 */
export async function findListedCar(
  port: number,
  tenant: string,
  wanted: (car: ListedCar) => boolean,
): Promise<ListedCar> {
  const headers = { 'x-forecourt-tenant': tenant };
  const sitemap = await (await fetch(`http://127.0.0.1:${port}/sitemap.xml`, { headers })).text();
  const slugs = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+\/cars\/([^<]+)<\/loc>/g)].map((m) => m[1]!);
  for (const slug of slugs) {
    const { car } = (await (await fetch(`http://127.0.0.1:${port}/api/vehicle/cars/${slug}`, { headers })).json()) as {
      car: ListedCar;
    };
    if (wanted(car)) return car;
  }
  throw new Error(`${tenant} lists no car of the kind asked for (${slugs.length} looked at)`);
}

/**
 * A car of the tenant's in its sold window, as the search service lists it with the site's own
 * key (read from a page of the site: the runner cannot resolve *.localhost).
 */
export async function soldCarSlug(page: Page, tenant: string): Promise<string> {
  await page.goto(tenantUrl(tenant, '/'));
  const slug = await page.evaluate(async () => {
    const boot = JSON.parse(document.getElementById('forecourt-boot')?.textContent ?? '{}') as {
      search: { appId: string; apiKey: string; indexName: string };
    };
    const response = await fetch(`/1/indexes/${boot.search.indexName}/query`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': boot.search.appId, 'x-algolia-api-key': boot.search.apiKey },
      body: JSON.stringify({ facetFilters: [['status:sold']], hitsPerPage: 1 }),
    });
    return ((await response.json()) as { hits: Array<{ slug: string }> }).hits[0]?.slug;
  });
  if (!slug) throw new Error(`${tenant} lists no sold car`);
  return slug;
}
