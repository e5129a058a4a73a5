/**
 * Rewrites the configuration table in docs/deploy.md from the schema (src/config/schema.ts).
 *
 *   npm run docs:config -w @forecourt/infra
 *
 * A test (src/config/docs.test.ts) fails while the doc differs from what this writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { withConfigTable } from '../src/config/docs';
import { REPO_ROOT } from '../src/paths';

const file = path.join(REPO_ROOT, 'docs', 'deploy.md');
const before = fs.readFileSync(file, 'utf8');
const after = withConfigTable(before);
if (after !== before) fs.writeFileSync(file, after);
console.log(
  after === before
    ? 'docs/deploy.md: the configuration table is up to date'
    : 'docs/deploy.md: the configuration table is rewritten',
);
