/**
 * The heading of a search route, from its path (spec: /search/new-used-and-demo-cars,
 * /search/{type}-cars, /search/{make}, /search/{make}/{model}, /used-car/..., /special-offers).
 */
const CONDITION_HEADINGS: Record<string, string> = {
  'new-used-and-demo-cars': 'New, used and demo cars',
  'used-cars': 'Used cars',
  'new-and-demo-cars': 'New and demo cars',
  'new-cars': 'New cars',
  'demo-cars': 'Demo cars',
};

export function titleCase(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function searchHeading(pathname: string, itemNoun = 'car'): string {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [root, first, second] = parts;
  const plural = `${itemNoun}s`;
  if (root === 'special-offers') return 'Special offers';
  if (root === 'used-car') {
    if (!first) return `Used ${plural}`;
    return second ? `Used ${titleCase(first)} ${titleCase(second)} ${plural}` : `Used ${titleCase(first)} ${plural}`;
  }
  if (!first) return `All ${plural}`;
  const condition = CONDITION_HEADINGS[first];
  if (condition) return itemNoun === 'car' ? condition : condition.replace(/cars$/, plural);
  return second ? `${titleCase(first)} ${titleCase(second)} ${plural}` : `${titleCase(first)} ${plural}`;
}
