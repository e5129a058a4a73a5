import { z } from 'zod';

/** A car address slug as the stock writes them (lower case, digits, hyphens). */
export const SlugSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,150}$/, 'a car address: lower-case letters, digits and hyphens');

/** The parameters of a `/cars/:slug` route: a bad slug is a 400 naming 'slug'. */
export const SlugParams = z.object({ slug: SlugSchema });

/** `/cars/{slug}` (not its checkout or buy-online pages, which have their own heads). */
export function carSlugOf(pathname: string): string | null {
  const match = /^\/cars\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1] || match[1] === 'trade-in') return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
