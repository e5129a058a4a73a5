#!/usr/bin/env node
/**
 * `npm run e2e:busy [-- <playwright args>]`: the journeys on a busy machine. A bounded CPU hog
 * spins on one of the machine's cores (pinned to the last core with `taskset` where there is one)
 * for as long as Playwright runs, and at most `E2E_BUSY_MAX_MINUTES` (default 60), so the site,
 * the browser and the tests share what is left: a shopper's mid-range phone, or a CI machine with
 * another job on it. A journey that passes only on an idle machine is waiting on the wrong thing.
 *
 * Opt-in, never in CI (`.ci/run` runs `npm test`). The hog says when it starts and how long it
 * ran, so a run's log shows it was busy.
 *
 *   npm run e2e:busy -- e2e/tests/search.spec.ts:373 --repeat-each=20
 */
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const maxMinutes = Number(process.env.E2E_BUSY_MAX_MINUTES ?? 60);
if (!Number.isFinite(maxMinutes) || maxMinutes <= 0) {
  console.error(`E2E_BUSY_MAX_MINUTES must be a positive number of minutes, got "${process.env.E2E_BUSY_MAX_MINUTES}"`);
  process.exit(2);
}

// The hog: one thread that spins until its deadline, then exits by itself even if nobody stops it.
const hogSource = `const end = Date.now() + ${Math.round(maxMinutes * 60_000)}; let x = 0; while (Date.now() < end) { for (let i = 0; i < 1e6; i += 1) x = (x * 31 + i) | 0; }`;
const core = availableParallelism() - 1;
const pinned = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;
const hog = pinned
  ? spawn('taskset', ['-c', String(core), process.execPath, '-e', hogSource], { stdio: 'ignore' })
  : spawn(process.execPath, ['-e', hogSource], { stdio: 'ignore' });
const started = Date.now();
console.log(
  `busy core: a CPU hog (pid ${hog.pid}) spins on ${pinned ? `core ${core}` : 'one core'} of ${availableParallelism()} for at most ${maxMinutes} min`,
);

let hogEnded = false;
hog.on('exit', () => {
  hogEnded = true;
});
const stopHog = () => {
  if (!hogEnded) hog.kill('SIGKILL');
  console.log(
    `busy core: the hog ran ${((Date.now() - started) / 1000).toFixed(0)} s${hogEnded ? ' (reached its limit)' : ''}`,
  );
};

const args = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)];
const run = spawn('npx', args, { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => run.kill(signal));
run.on('exit', (code, signal) => {
  stopHog();
  process.exit(code ?? (signal ? 1 : 0));
});
