/**
 * What the vehicle page can say before the car is fetched: its title and year from the slug
 * (`/cars/2021-toyota-hilux-sr5-hl010001` -> '2021 Toyota Hilux Sr5 Hl010001', 2021).
 */
function slugWords(slug: string): string[] {
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // A malformed escape stays as typed: the title is still readable text.
  }
  return decoded.split(/[-_\s]+/).filter(Boolean);
}

export function titleFromSlug(slug: string): string {
  return slugWords(slug)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** The model year when the slug starts with one (1900-2099), else null. */
export function yearFromSlug(slug: string): number | null {
  const first = slugWords(slug)[0];
  return first && /^(19|20)\d{2}$/.test(first) ? Number(first) : null;
}
