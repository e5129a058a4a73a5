import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { BuildInfo } from '../registry';

/**
 * What the contract gate knows about the build it is asked to publish: its build info (already
 * checked by `inspectBuild`), its folder, and the parts of webpack's federation manifest the
 * checks read (which files each exposed module needs, which range each shared module requires).
 */

const AssetsSchema = z
  .object({
    js: z
      .object({ sync: z.array(z.string()).default([]), async: z.array(z.string()).default([]) })
      .partial()
      .default({}),
    css: z
      .object({ sync: z.array(z.string()).default([]), async: z.array(z.string()).default([]) })
      .partial()
      .default({}),
  })
  .partial()
  .default({});

/** The federation manifest (`mf-manifest.json`), as far as the gate reads it. */
export const FederationManifestSchema = z.object({
  name: z.string(),
  shared: z
    .array(z.object({ name: z.string(), version: z.string().optional(), requiredVersion: z.string().optional() }))
    .default([]),
  exposes: z.array(z.object({ name: z.string().optional(), path: z.string(), assets: AssetsSchema })).default([]),
});
export type FederationManifest = z.infer<typeof FederationManifestSchema>;

export interface Candidate {
  team: string;
  version: string;
  /** The build folder being published (not yet in the registry). */
  dir: string;
  info: BuildInfo;
  manifest: FederationManifest;
}

/** Reads a remote build's federation manifest; a missing or malformed one is a refusal naming the field. */
export async function readFederationManifest(dir: string, label: string): Promise<FederationManifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(path.join(dir, 'mf-manifest.json'), 'utf8'));
  } catch (error) {
    throw new Error(`${label}: cannot read mf-manifest.json (${(error as Error).message})`, { cause: error });
  }
  const parsed = FederationManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${label}: mf-manifest.json field '${issue?.path.join('.')}' ${issue?.message}`);
  }
  return parsed.data;
}

export function label(candidate: Pick<Candidate, 'team' | 'version'>): string {
  return `${candidate.team} ${candidate.version}`;
}
