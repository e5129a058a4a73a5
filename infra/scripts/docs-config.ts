/**
 * Rewrites the configuration table in docs/deploy.md from the schema (infra/config/src/schema.ts).
 *
 *   npm run docs:config -w @forecourt/infra
 *
 * A test (infra/config/src/docs.test.ts) fails while the doc differs from what this writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { withConfigTable } from '@forecourt/config/docs';
import { REPO_ROOT } from '@forecourt/config/paths';

const file = path.join(REPO_ROOT, 'docs', 'deploy.md');
const before = fs.readFileSync(file, 'utf8');
const after = withConfigTable(before);
if (after !== before) fs.writeFileSync(file, after);
console.log(
  after === before
    ? 'docs/deploy.md: the configuration table is up to date'
    : 'docs/deploy.md: the configuration table is rewritten',
);
