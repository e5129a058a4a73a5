import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@forecourt/config/paths';

const execFileAsync = promisify(execFile);

/**
 * Which of React's files a fresh process (NODE_ENV unset, as `npm start` runs) has loaded after
 * running `script`. jest's own NODE_ENV=test and module registry would hide what the server's
 * process does, so the check runs in a process of its own.
 */
async function reactFilesAfter(script: string): Promise<{ files: string[]; nodeEnv: string | null }> {
  const env = { ...process.env };
  delete env.NODE_ENV;
  const report = `console.log(JSON.stringify({ files: Object.keys(require.cache).filter((k) => /node_modules[\\\\/]react(-dom)?[\\\\/]/.test(k)).map((k) => k.replace(/^.*node_modules[\\\\/]/, '').replace(/\\\\/g, '/')), nodeEnv: process.env.NODE_ENV ?? null }));`;
  const { stdout } = await execFileAsync(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
    ['-e', `${script}\n${report}`],
    { cwd: path.join(REPO_ROOT, 'infra'), env },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { files: string[]; nodeEnv: string | null };
}

test("the server's entries load no React before they choose its production build", async () => {
  const { files } = await reactFilesAfter(
    `require('./cli/src/main'); require('./server/src/serve'); require('./server/src/main');`,
  );
  expect(files).toEqual([]);
});

test('with NODE_ENV unset, the server renders with React’s production build and NODE_ENV stays unset', async () => {
  const { files, nodeEnv } = await reactFilesAfter(
    `require('./pages/src/production-react').loadProductionReact(); require('react-dom/server'); require('react/jsx-runtime');`,
  );
  expect(files.filter((file) => file.includes('/cjs/'))).toEqual(
    expect.arrayContaining([
      'react/cjs/react.production.js',
      'react-dom/cjs/react-dom-server.node.production.js',
      'react/cjs/react-jsx-runtime.production.js',
    ]),
  );
  expect(files.filter((file) => file.includes('development'))).toEqual([]);
  expect(nodeEnv).toBeNull();
});
