import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';
import { SERVER_NODE_FLAGS } from './server-settings';

const scripts = (folder: string): Record<string, string> =>
  (
    JSON.parse(fs.readFileSync(path.join(REPO_ROOT, folder, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;

describe("the scripts that start a server pass the server's Node.js flags", () => {
  it.each([
    ['.', 'serve'],
    ['infra', 'serve'],
    ['infra/cli', 'start'],
  ])('%s: npm run %s', (folder, name) => {
    const words = scripts(folder)[name]!.split(' ');
    expect(SERVER_NODE_FLAGS.filter((flag) => !words.includes(flag))).toEqual([]);
  });
});
