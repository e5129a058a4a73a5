import { outageChecks, type OutageResult } from './crm-outage';

/** The drill's verdict on what it measured: a missed goal is a missed check, so the drill exits non-zero. */

const row = (waiting: number, failing: number, delivered: number) => ({
  tenant: 'harbourside-motors',
  received: waiting + failing + delivered,
  delivered,
  waiting,
  failing,
  oldestWaitingSeconds: 40,
  lastError: 'CRM webhook unreachable: connect ECONNREFUSED 127.0.0.1:4010',
});
const counts = (waiting: number, failing: number, delivered: number) => ({
  received: waiting + failing + delivered,
  delivered,
  waiting,
  failing,
  attempts: failing * 4,
});

/** An outage that met every goal: 3 leads, all waiting at its end, all delivered once afterwards. */
function outage(n: 1 | 2, changes: Partial<OutageResult> = {}): OutageResult {
  const delivered = n === 1 ? 0 : 3;
  const end = { shown: row(0, 3, delivered), counted: counts(0, 3, delivered), same: true };
  return {
    leads: 3,
    acknowledged: [`a${n}`, `b${n}`, `c${n}`],
    unexpected: [],
    samples: [end],
    inconclusive: 0,
    atEnd: end,
    before: counts(0, 0, delivered),
    toNothingWaitingSeconds: n === 1 ? 31.5 : 0.2,
    retry:
      n === 1
        ? null
        : {
            status: 200,
            ms: 150,
            answer: {
              tenant: 'harbourside-motors',
              retried: 3,
              inFlight: 0,
              delivered: 3,
              stillWaiting: 0,
              finished: true,
            },
          },
    crm: { received: 3, twice: 0, unknown: 0 },
    after: row(0, 0, delivered + 3),
    ...changes,
  };
}
const final = { leads: 6, received: 6, twice: 0, refused: 0 };
const missed = (results: [OutageResult, OutageResult], end = final) =>
  outageChecks(results, end)
    .filter((check) => !check.ok)
    .map((check) => check.figure);

it('meets every check when both outages met their goals', () => {
  expect(missed([outage(1), outage(2)])).toEqual([]);
});

it('misses a check when the console showed other figures than the outbox rows', () => {
  const differing = { shown: row(1, 2, 0), counted: counts(0, 3, 0), same: false };
  expect(missed([outage(1, { samples: [differing], atEnd: differing }), outage(2)])).toEqual([
    'outbox rows at the outage end: waiting + failing',
    'console = outbox rows (samples every 5 s)',
  ]);
});

it('misses a check when the console did not show every lead of the outage waiting', () => {
  const end = { shown: row(0, 2, 0), counted: counts(0, 2, 0), same: true };
  expect(missed([outage(1, { atEnd: end, samples: [end] }), outage(2)])).toEqual([
    'console at the outage end: waiting + failing',
  ]);
});

it('misses a check when leads still waited past the goal after the retry', () => {
  expect(missed([outage(1), outage(2, { toNothingWaitingSeconds: null })])).toEqual([
    'CRM back (1) / retry sent (2) -> console shows 0 waiting',
  ]);
});

it('misses a check when the CRM received a lead twice', () => {
  expect(missed([outage(1, { crm: { received: 3, twice: 1, unknown: 0 } }), outage(2)])).toEqual([
    'CRM: leads received twice / ids of no lead',
  ]);
});
