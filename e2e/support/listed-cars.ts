/**
 * The address of a car a tenant's website lists, read from its sitemap (an invented slug is a
 * 404): the first one, or the first whose slug contains `model`. `port` is the running site's.
 * Asked with the tenant header from this machine, as node cannot resolve *.localhost.
 */
export async function listedCarPath(port: number, tenant: string, model?: string): Promise<string> {
  const sitemap = await (await fetch(`http://127.0.0.1:${port}/sitemap.xml`, { headers: { 'x-forecourt-tenant': tenant } })).text();
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
  images: string[];
  spin: { frames: string[]; hotspots: { exterior: Array<{ id: string; description: string; positions: Array<{ activeAngle: number }> }> } } | null;
  location: { slug: string; name: string; phone: string };
}

/**
 * The first car a tenant's website lists (sitemap order) that `wanted` accepts, read through the
 * vehicle API as the page reads it.
 */
export async function findListedCar(port: number, tenant: string, wanted: (car: ListedCar) => boolean): Promise<ListedCar> {
  const headers = { 'x-forecourt-tenant': tenant };
  const sitemap = await (await fetch(`http://127.0.0.1:${port}/sitemap.xml`, { headers })).text();
  const slugs = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+\/cars\/([^<]+)<\/loc>/g)].map((m) => m[1]!);
  for (const slug of slugs) {
    const { car } = (await (await fetch(`http://127.0.0.1:${port}/api/vehicle/cars/${slug}`, { headers })).json()) as { car: ListedCar };
    if (wanted(car)) return car;
  }
  throw new Error(`${tenant} lists no car of the kind asked for (${slugs.length} looked at)`);
}
