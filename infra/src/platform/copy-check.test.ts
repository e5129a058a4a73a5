import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@forecourt/config/paths';

/**
 * `npm run dupes` (jscpd with --skip-local) finds a clone only between two of the folders it is
 * given, so each workspace's source must be a folder of its own there: one folder for all of
 * infra would hide every clone inside it, and a new workspace left off the list would go unread.
 */
const root = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  workspaces: string[];
  scripts: Record<string, string>;
};
/** Test code only: the journeys and infra's test kit, which the check leaves out as it does tests. */
const NOT_CHECKED = new Set(['e2e', 'infra/test-kit']);

it('reads every workspace’s source as a folder of its own', () => {
  const folders = root.scripts['dupes']!.split(' ').filter((word) => /^[a-z]/.test(word) && !word.startsWith('jscpd'));
  const unread = root.workspaces
    .filter((workspace) => !NOT_CHECKED.has(workspace))
    .filter((workspace) => !folders.some((folder) => folder === workspace || folder.startsWith(`${workspace}/`)));
  expect(unread).toEqual([]);
});
