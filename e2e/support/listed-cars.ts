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
