import fs from 'node:fs';
import path from 'node:path';

/**
 * tsx applies a tsconfig only to the files it includes, found from the folder a script runs in.
 * This workspace's own tsconfig includes its src alone, so the teams' first-paint renders (their
 * JSX, and shared-config's) compiled without the automatic runtime and every page went out
 * without its first paint ("React is not defined"). infra's tsconfig includes them: every script
 * that runs the CLI from source names it.
 */
const scripts = (
  JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

it.each(Object.keys(scripts))('npm run %s compiles with infra’s tsconfig', (name) => {
  const words = scripts[name]!.split(' ');
  expect(words.slice(words.indexOf('--tsconfig'), words.indexOf('--tsconfig') + 2)).toEqual([
    '--tsconfig',
    '../tsconfig.json',
  ]);
  expect(fs.existsSync(path.join(__dirname, '..', '..', 'tsconfig.json'))).toBe(true);
});
