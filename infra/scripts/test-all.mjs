#!/usr/bin/env node
/**
 * `npm test`: the whole suite, in the order a failure is cheapest to find — lint, typecheck,
 * unit/component/API tests (jest, every workspace), then the e2e journeys (Playwright driving
 * Chromium against the site `npm start` serves). Every step runs even when an earlier one
 * fails, so one run shows everything; the exit code is non-zero if anything failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = path.join(root, 'node_modules', '.cache', 'forecourt-test');
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);

function run(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds} s`);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];
const failures = [];
/** A failure's message, without colour codes and cut to what a summary can hold. */
const clip = (text = '') => {
  // eslint-disable-next-line no-control-regex
  const plain = String(text).replace(/\u001b\[[0-9;]*m/g, '');
  return plain.length > 3000 ? `${plain.slice(0, 3000)}\n[... ${plain.length - 3000} more characters]` : plain;
};
const wanted = (step) => only.length === 0 || only.includes(step);

for (const [step, args] of [
  ['lint', ['eslint', '--max-warnings', '0', '.']],
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
]) {
  if (!wanted(step)) continue;
  const ok = run(step, 'npx', args);
  summary.push(`${step}: ${ok ? 'ok' : 'FAILED'}`);
  if (!ok) totals.failed += 1;
}

if (wanted('unit')) {
  const file = path.join(out, 'jest.json');
  rmSync(file, { force: true });
  const ok = run('unit', 'npx', ['jest', '--json', `--outputFile=${file}`]);
  const report = readJson(file);
  if (report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    totals.skipped += report.numPendingTests + report.numTodoTests;
    summary.push(`unit: ${report.numPassedTests} passed, ${report.numFailedTests} failed in ${report.numTotalTestSuites} files`);
    // The failures again at the very end: a long log is often read from its tail only.
    for (const suite of report.testResults ?? []) {
      const failed = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      if (failed.length === 0 && suite.status !== 'failed') continue;
      const name = path.relative(root, suite.name);
      if (failed.length === 0) failures.push(`unit ${name}: ${clip(suite.message)}`);
      for (const test of failed) failures.push(`unit ${name} › ${test.fullName}: ${clip((test.failureMessages ?? []).join('\n'))}`);
    }
  } else {
    totals.failed += 1;
    summary.push(`unit: FAILED (no report${ok ? '' : ', runner failed'})`);
  }
}

if (wanted('e2e')) {
  const file = path.join(out, 'e2e.json');
  rmSync(file, { force: true });
  const ok = run('e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  const report = readJson(file);
  if (report?.stats) {
    const { expected, unexpected, flaky, skipped } = report.stats;
    totals.passed += expected + flaky;
    totals.failed += unexpected;
    totals.skipped += skipped;
    summary.push(`e2e: ${expected + flaky} passed (${flaky} flaky), ${unexpected} failed`);
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const last = test.results?.at(-1);
          failures.push(`e2e ${spec.file}:${spec.line} › ${spec.title}: ${clip(last?.error?.message ?? last?.status)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
    if (!ok && unexpected === 0) {
      totals.failed += 1;
      summary.push('e2e: runner failed outside the tests');
    }
  } else {
    totals.failed += 1;
    summary.push(`e2e: FAILED (no report${ok ? '' : ', runner failed'})`);
  }
}

// The PostgreSQL path of the data layer runs only with DATABASE_URL; say so rather than let it vanish.
if (!process.env.DATABASE_URL && (wanted('unit') || wanted('e2e'))) {
  summary.push('skipped: PostgreSQL (DATABASE_URL is not set; the data-layer tests ran on PGlite only)');
}

if (failures.length) {
  console.log('\n=== failures');
  for (const failure of failures) console.log(`${failure}\n`);
}

console.log('\n=== summary');
for (const line of summary) console.log(`  ${line}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed === 0 ? 0 : 1);
