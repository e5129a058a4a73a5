import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * What a team tells the contract gate, in the `forecourt` field of its package.json (beside its
 * code, so a change to it is reviewed with the change that needs it):
 * - `uses`: modules of other remotes it loads in a way a scan of its source cannot see;
 * - `firstLoadBudgetKB`: its first-load budget (Brotli KB) when the default does not fit;
 * - `fragmentProps`: the props the gate renders an exposed fragment with, for fragments that
 *   need some (plain JSON; the fragment's README example is a good source).
 */
export const TeamSettingsSchema = z
  .object({
    uses: z.array(z.string().regex(/^mf_[a-z]+\/[A-Za-z][\w-]*$/, 'must look like mf_<team>/<Module>')).optional(),
    firstLoadBudgetKB: z.number().positive().max(10_000).optional(),
    fragmentProps: z
      .record(
        z.string().regex(/^\.\/[A-Za-z][\w-]*$/, 'must be an exposed name like ./KeyInfo'),
        z.record(z.string(), z.unknown()),
      )
      .optional(),
  })
  .passthrough();
export type TeamSettings = z.infer<typeof TeamSettingsSchema>;

/** The team's settings; none when it has no package.json in this checkout. */
export async function readTeamSettings(repoRoot: string, team: string): Promise<TeamSettings> {
  const text = await fs.readFile(path.join(repoRoot, team, 'package.json'), 'utf8').catch(() => null);
  if (text === null) return {};
  const parsed = z.object({ forecourt: TeamSettingsSchema.optional() }).safeParse(JSON.parse(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${team}/package.json: field '${issue?.path.join('.')}' ${issue?.message}`);
  }
  return parsed.data.forecourt ?? {};
}
