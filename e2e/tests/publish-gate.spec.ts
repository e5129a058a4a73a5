import { expect, test } from '@playwright/test';
import { checkoutVersion, E2E_PORT } from '../support/env';
import { buildFaultyVariant, forecourt, forecourtFailing, FRAGMENT_FAULT_VERSION } from '../support/platform';

/**
 * The contract gate at publish (docs/remotes.md, "The contract gate"): a build whose exposed
 * fragment throws when mounted is refused with the reason, publishes nothing and cannot be
 * pinned; `--force --reason` publishes it anyway and the publish audit shows who forced it, past
 * which check, and why.
 */
const VERSION = FRAGMENT_FAULT_VERSION;

test.describe.configure({ mode: 'serial' });

let build: string;

test.beforeAll(async () => {
  // mf-finance with every exposed fragment (FinanceCta, FinanceDialog, Calculator) throwing when rendered.
  build = await buildFaultyVariant('mf-finance', VERSION, 'fragment');
});

test('a publish whose fragment does not mount is refused with the reason, and nothing is published', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const { status, output } = forecourtFailing('publish', 'mf-finance', '--from', build);
  expect(status).toBe(1);
  expect(output).toContain(
    `Contract gate for mf-finance ${VERSION} (against shell ${checkoutVersion('shell')}): FAILED`,
  );
  expect(output).toContain(`mf-finance ${VERSION} was not published: the contract gate refused it`);
  expect(output).toContain(
    `mount: mf-finance ${VERSION} ./FinanceCta does not mount: mf-finance@${VERSION}: injected fragment fault`,
  );
  expect(output).toContain('--force --reason');
  // The other checks passed and say so.
  expect(output).toMatch(/ok {3}budget +first load \d+\.\d KB of 60 KB/);

  expect(forecourt('list')).not.toContain(VERSION);
  expect(
    (await request.get(`http://127.0.0.1:${E2E_PORT}/registry/mf-finance/${VERSION}/remoteEntry.js`)).status(),
  ).toBe(404);
  const pin = forecourtFailing('pin', 'harbourside-motors', 'mf-finance', VERSION);
  expect(pin.status).toBe(1);
  expect(pin.output).toContain(`mf-finance ${VERSION} is not published`);
  expect(forecourt('publishes', 'mf-finance')).not.toContain(VERSION);
});

test('--force publishes it anyway, and the audit shows who, which check failed and why', async ({ request }) => {
  test.setTimeout(120_000);
  const refusedWithoutReason = forecourtFailing('publish', 'mf-finance', '--from', build, '--force');
  expect(refusedWithoutReason.status).toBe(2);
  expect(refusedWithoutReason.output).toContain('--force needs --reason');

  const output = forecourt(
    'publish',
    'mf-finance',
    '--from',
    build,
    '--force',
    '--reason',
    'e2e: proving the forced-publish audit',
  );
  expect(output).toContain(`FORCED: published mf-finance ${VERSION} past the failing check mount`);
  expect(output).toContain(`Published mf-finance ${VERSION}`);
  expect(
    (await request.get(`http://127.0.0.1:${E2E_PORT}/registry/mf-finance/${VERSION}/remoteEntry.js`)).status(),
  ).toBe(200);

  const audit = forecourt('publishes', 'mf-finance', '--forced');
  // The account whose personal token the CLI used: npm start's demo operator.
  const who = 'Demo operator';
  expect(audit).toMatch(
    new RegExp(
      `mf-finance\\s+${VERSION.replace(/\./g, '\\.')}\\s+${who}\\s+FORCED past mount\\s+e2e: proving the forced-publish audit`,
    ),
  );
  expect(audit).toContain(`mount: mf-finance ${VERSION} ./FinanceCta does not mount`);
  // npm start's own publishes are in the audit too, with the gate's static checks.
  const started = checkoutVersion('mf-finance').replace(/\./g, '\\.');
  expect(forecourt('publishes', 'mf-finance')).toMatch(
    new RegExp(`mf-finance\\s+${started}\\s+npm-start\\s+passed \\(mount not run\\)`),
  );
});
