import { z } from 'zod';

/** Field shapes more than one section of the tenant schema uses. */

export const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and single hyphens');

export const LinkSchema = z.object({ label: z.string().min(1), href: z.string().startsWith('/') }).strict();
