/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');
const NAME = '@forecourt/shared-config';

/** What package.json lets other packages import, as import specifiers. */
function exported(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  return Object.keys(pkg.exports).map((entry) => (entry === '.' ? NAME : `${NAME}/${entry.slice(2)}`));
}

/** The allowlist: the first column of the README's export table. */
function documented(): string[] {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  return [...readme.matchAll(/^\| `(@forecourt\/shared-config[^`]*)` \|/gm)].map((match) => match[1]!);
}

describe("shared-config's exports", () => {
  it('are exactly the README’s allowlist: every export documented, every documented export real', () => {
    expect([...exported()].sort()).toEqual([...documented()].sort());
  });

  it('list each export once in the README', () => {
    expect(new Set(documented()).size).toBe(documented().length);
  });
});
