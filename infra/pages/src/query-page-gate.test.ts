import { QueryPageGate, requestThreadLoad, type GateAnswer } from './query-page-gate';

// The gate's pacing and waits run on timers: fake ones (Date.now included), so each test steps
// the clock itself and nothing depends on how fast the machine is.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** An answer if the gate has given one by now, else 'waiting'. */
function settled(answer: Promise<GateAnswer>): () => GateAnswer | 'waiting' {
  let value: GateAnswer | 'waiting' = 'waiting';
  void answer.then((given) => (value = given));
  return () => value;
}

const gate = (options: Partial<ConstructorParameters<typeof QueryPageGate>[0]> = {}) =>
  new QueryPageGate({ perSecond: 10, burst: 2, atOnce: 100, maxWaitMs: 3000, ...options });

it('lets an address have its burst at once, then one page each interval', async () => {
  const pages = gate();
  const first = settled(pages.enter('198.51.100.1'));
  const second = settled(pages.enter('198.51.100.1'));
  const third = settled(pages.enter('198.51.100.1'));
  await jest.advanceTimersByTimeAsync(0);
  expect(first()).toMatchObject({ admitted: true });
  expect(second()).toMatchObject({ admitted: true });
  expect(third()).toBe('waiting');
  await jest.advanceTimersByTimeAsync(99);
  expect(third()).toBe('waiting');
  await jest.advanceTimersByTimeAsync(1);
  expect(third()).toMatchObject({ admitted: true });
});

it('refuses an address whose turn is further off than the longest wait, saying when to come back', async () => {
  const pages = gate({ perSecond: 1, burst: 1, maxWaitMs: 1500 });
  const answers = [pages.enter('198.51.100.1'), pages.enter('198.51.100.1'), pages.enter('198.51.100.1')];
  await jest.advanceTimersByTimeAsync(0);
  // The second waits its second; the third's turn is two seconds off.
  expect(await answers[2]).toEqual({ admitted: false, reason: 'address', retryAfterSeconds: 2 });
  await jest.advanceTimersByTimeAsync(1000);
  expect(await answers[1]).toMatchObject({ admitted: true });
});

it('paces each address on its own', async () => {
  const pages = gate({ perSecond: 1, burst: 1 });
  await pages.enter('198.51.100.1');
  const other = settled(pages.enter('198.51.100.2'));
  await jest.advanceTimersByTimeAsync(0);
  expect(other()).toMatchObject({ admitted: true });
});

it('renders as many at once as it may; the next waits for a release, first come first served', async () => {
  const pages = gate({ atOnce: 1 });
  const first = await pages.enter('198.51.100.1');
  const second = settled(pages.enter('198.51.100.2'));
  const third = settled(pages.enter('198.51.100.3'));
  await jest.advanceTimersByTimeAsync(10);
  expect([second(), third()]).toEqual(['waiting', 'waiting']);
  if (first.admitted) first.release();
  await jest.advanceTimersByTimeAsync(0);
  expect(second()).toMatchObject({ admitted: true });
  expect(third()).toBe('waiting');
});

it('refuses a page that waited its longest for a render as busy, and frees its place', async () => {
  const pages = gate({ atOnce: 1, maxWaitMs: 500 });
  const first = await pages.enter('198.51.100.1');
  const late = pages.enter('198.51.100.2');
  await jest.advanceTimersByTimeAsync(500);
  expect(await late).toEqual({ admitted: false, reason: 'busy', retryAfterSeconds: 1 });
  if (first.admitted) first.release();
  const next = settled(pages.enter('198.51.100.3'));
  await jest.advanceTimersByTimeAsync(0);
  expect(next()).toMatchObject({ admitted: true });
});

it('counts a release once, however often it is called', async () => {
  const pages = gate({ atOnce: 1 });
  const first = await pages.enter('198.51.100.1');
  if (first.admitted) {
    first.release();
    first.release();
  }
  const answers = [settled(pages.enter('198.51.100.2')), settled(pages.enter('198.51.100.3'))];
  await jest.advanceTimersByTimeAsync(0);
  expect(answers.map((answer) => answer())).toEqual([expect.objectContaining({ admitted: true }), 'waiting']);
});

it('starts no second render while the request thread is busy, and one as soon as it has room', async () => {
  let busy = true;
  const pages = gate({ atOnce: 2, busy: () => busy });
  const first = settled(pages.enter('198.51.100.1'));
  const second = settled(pages.enter('198.51.100.2'));
  await jest.advanceTimersByTimeAsync(100);
  // One render always runs, busy or not: the gate never stops on its own.
  expect(first()).toMatchObject({ admitted: true });
  expect(second()).toBe('waiting');
  busy = false;
  await jest.advanceTimersByTimeAsync(25);
  expect(second()).toMatchObject({ admitted: true });
});

it('refuses as busy a page still waiting for room on the thread at its longest wait', async () => {
  const pages = gate({ atOnce: 2, maxWaitMs: 500, busy: () => true });
  await pages.enter('198.51.100.1');
  const late = pages.enter('198.51.100.2');
  await jest.advanceTimersByTimeAsync(500);
  expect(await late).toEqual({ admitted: false, reason: 'busy', retryAfterSeconds: 1 });
});

describe("the request thread's load", () => {
  it('reads the share of each sampling period the thread was busy, not of its whole life', async () => {
    // Node's reading as it counts: active and idle milliseconds since the process began. The
    // thread is idle for the first period, busy for three quarters of the second.
    let totals = { idle: 0, active: 0 };
    const measure = ((now?: { idle: number; active: number }, before?: { idle: number; active: number }) => {
      if (!now || !before) return { ...totals, utilization: 0 };
      const idle = now.idle - before.idle;
      const active = now.active - before.active;
      return { idle, active, utilization: active / (idle + active) };
    }) as unknown as Parameters<typeof requestThreadLoad>[1];
    const load = requestThreadLoad(100, measure);
    totals = { idle: 100, active: 0 };
    await jest.advanceTimersByTimeAsync(100);
    expect(load.current()).toBe(0);
    totals = { idle: 125, active: 75 };
    await jest.advanceTimersByTimeAsync(100);
    expect(load.current()).toBe(0.75);
    load.stop();
  });
});
