import { bodyLabel } from '@forecourt/shared-config';

/**
 * A body type as a plural in running text, for the breadcrumb's 'Used utes' and 'New SUVs':
 * shared-config's bodyLabel ('SUV', 'Ute', 'Cab chassis'), lower-cased unless it is an acronym,
 * then an English plural ('hatch' -> 'hatches'; a word already ending in s, 'cab chassis', stays).
 */
export function bodyPlural(body: string): string {
  const label = bodyLabel(body);
  const words = label === label.toUpperCase() ? label : label.charAt(0).toLowerCase() + label.slice(1);
  if (/s$/i.test(words)) return words;
  if (/(ch|sh|x)$/i.test(words)) return `${words}es`;
  return `${words}s`;
}
