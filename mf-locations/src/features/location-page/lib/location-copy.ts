/**
 * What a location page can say before the location is fetched: its name from the slug
 * ('harbourside-motors-parramatta' -> 'Harbourside Motors Parramatta'), or the tenant's own name
 * when the slug is the tenant's.
 */
export function locationTitle(slug: string, tenant: { slug: string; name: string }): string {
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // A malformed escape stays as typed.
  }
  if (decoded === tenant.slug) return tenant.name;
  return decoded
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}
