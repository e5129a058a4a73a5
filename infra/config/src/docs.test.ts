import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';
import { configTable, withConfigTable } from './docs';

describe('the configuration table in docs/deploy.md', () => {
  it('is the table the schema generates (run npm run docs:config -w @forecourt/infra when this fails)', () => {
    const doc = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'deploy.md'), 'utf8');
    expect(withConfigTable(doc)).toBe(doc);
  });

  it('has a row for every variable, naming the file variant of a secret', () => {
    expect(configTable()).toContain('| `PORT` | 8080 |');
    expect(configTable()).toMatch(
      /\| `FORECOURT_ADMIN_TOKEN` or `FORECOURT_ADMIN_TOKEN_FILE` \| [^|]+ \| yes \| yes \|/,
    );
  });

  it('refuses a doc without the markers rather than losing its text', () => {
    expect(() => withConfigTable('# Deploying Forecourt\n')).toThrow('config-table:start');
  });
});
