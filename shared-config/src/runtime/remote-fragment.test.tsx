import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, screen } from '@testing-library/react';
import { expectConsole, renderWithPlatform } from '../testing/render';
import { installFailurePolicy, type Failure, type FailurePolicy } from './failures';
import { FRAGMENT_LOAD_MARGIN } from './near-window';
import { RemoteFragment } from './remote-fragment';

// The federation runtime is the boundary here: these tests are about what RemoteFragment does
// with what it loads. The real loading is proven in the browser by the failure-policy journeys.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));
const load = jest.mocked(loadRemote);

let reports: Failure[];

beforeEach(() => {
  reports = [];
  const policy: FailurePolicy = {
    report: (failure) => reports.push(failure),
    Fallback: ({ remote, inline }) => <p role="status">{`${remote} fallback${inline ? ' (inline)' : ''}`}</p>,
    fragmentTimeoutMs: 50,
  };
  installFailurePolicy(policy);
});

it('shows the loaded component with its props', async () => {
  load.mockResolvedValue({ default: ({ name }: { name: string }) => <p>Hello {name}</p> });
  renderWithPlatform(<RemoteFragment id="mf_finance/Greeting" props={{ name: 'shopper' }} />);
  expect(await screen.findByText('Hello shopper')).toBeInTheDocument();
  expect(reports).toEqual([]);
});

it("shows the policy's inline fallback and reports a fragment timeout when loading takes longer than the page's timeout", async () => {
  load.mockReturnValue(new Promise(() => undefined));
  renderWithPlatform(<RemoteFragment id="mf_finance/FinanceCta" props={{}} />);
  expect(await screen.findByRole('status')).toHaveTextContent('mf-finance fallback (inline)');
  expect(reports.map((r) => [r.kind, r.remote])).toEqual([['fragment-timeout', 'mf-finance']]);
});

it('reports a fragment error when the module cannot be loaded', async () => {
  load.mockRejectedValue(new Error('RUNTIME-008'));
  renderWithPlatform(<RemoteFragment id="mf_locations/DealerContact" props={{}} />);
  expect(await screen.findByRole('status')).toHaveTextContent('mf-locations fallback (inline)');
  expect(reports.map((r) => [r.kind, r.remote])).toEqual([['fragment-error', 'mf-locations']]);
});

it('reports a fragment error and shows the fallback when the component throws while rendering', async () => {
  // React logs what a boundary caught; the fragment's error is what this test is about.
  expectConsole('error', /Error: boom/);
  load.mockResolvedValue({
    default: () => {
      throw new Error('boom');
    },
  });
  renderWithPlatform(<RemoteFragment id="mf_finance/Calculator" props={{}} />);
  expect(await screen.findByRole('status')).toHaveTextContent('mf-finance fallback (inline)');
  expect(reports.map((r) => [r.kind, r.remote])).toEqual([['fragment-error', 'mf-finance']]);
});

it('shows the fallback, not a crash, when the runtime throws instead of rejecting (no federation instance on the page)', async () => {
  load.mockImplementation(() => {
    throw new Error('[ Federation Runtime ]: Please call createInstance first. #RUNTIME-009');
  });
  renderWithPlatform(<RemoteFragment id="mf_search/SimilarCars" props={{ slug: 'x' }} />);
  expect(await screen.findByRole('status')).toHaveTextContent('mf-search fallback (inline)');
  expect(reports.map((r) => [r.kind, r.remote])).toEqual([['fragment-error', 'mf-search']]);
});

it('reports no timeout for a fragment that left the page before its timeout', async () => {
  load.mockReturnValue(new Promise(() => undefined));
  const { unmount } = renderWithPlatform(<RemoteFragment id="mf_finance/FinanceCta" props={{}} />);
  await act(async () => undefined);
  unmount();
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  expect(reports).toEqual([]);
});

it('tells the page when the fragment cannot be shown, so a dialog opened on demand can send the shopper to its page', async () => {
  load.mockReturnValue(new Promise(() => undefined));
  let told = 0;
  renderWithPlatform(<RemoteFragment id="mf_leads/RequestPhotosDialog" props={{}} onFailed={() => (told += 1)} />);
  await screen.findByRole('status');
  expect(told).toBe(1);
});

it("shows the page's own fallback instead of the policy's when it gives one, and still reports the failure", async () => {
  load.mockRejectedValue(new Error('RUNTIME-008'));
  renderWithPlatform(
    <>
      <RemoteFragment id="mf_locations/OurLocations" props={{}} fallback={<p>Locations later</p>} />
    </>,
  );
  expect(await screen.findByText('Locations later')).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(reports.map((r) => [r.kind, r.remote])).toEqual([['fragment-error', 'mf-locations']]);
});

describe('loading when its place comes near the window', () => {
  let observers: Array<{
    options: IntersectionObserverInit | undefined;
    targets: Element[];
    report: (entries: Array<{ isIntersecting: boolean }>) => void;
    disconnected: boolean;
  }>;

  beforeEach(() => {
    load.mockReset();
    observers = [];
    globalThis.IntersectionObserver = class {
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void, options?: IntersectionObserverInit) {
        observers.push({ options, targets: [], report: callback, disconnected: false });
      }
      observe(target: Element) {
        observers.at(-1)!.targets.push(target);
      }
      disconnect() {
        observers.at(-1)!.disconnected = true;
      }
    } as unknown as typeof IntersectionObserver;
  });

  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('asks the runtime for nothing while its place is far from the window, and for the fragment once it comes within the margin', async () => {
    load.mockResolvedValue({ default: () => <p>Calculator</p> });
    renderWithPlatform(<RemoteFragment id="mf_finance/Calculator" props={{}} />);
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options?.rootMargin).toBe(FRAGMENT_LOAD_MARGIN);

    act(() => observers[0]!.report([{ isIntersecting: false }]));
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();

    act(() => observers[0]!.report([{ isIntersecting: true }]));
    expect(await screen.findByText('Calculator')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_finance/Calculator');
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('shows what the page shows while loading from the start, beside a marker that takes no room, so nothing moves when loading starts', async () => {
    load.mockReturnValue(new Promise(() => undefined));
    const { container } = renderWithPlatform(
      <RemoteFragment id="mf_locations/DealerContact" props={{}} loading={<p>Dealer card</p>} />,
    );
    await act(async () => undefined);
    const marker = container.querySelector('[data-fragment="mf_locations/DealerContact"]') as HTMLElement;
    expect(observers[0]!.targets).toEqual([marker]);
    expect(marker).toHaveAttribute('aria-hidden', 'true');
    expect(getComputedStyle(marker)).toMatchObject({ position: 'absolute', width: '0px', height: '0px' });
    expect(screen.getByText('Dealer card')).toBeInTheDocument();

    act(() => observers[0]!.report([{ isIntersecting: true }]));
    await act(async () => undefined);
    expect(screen.getByText('Dealer card')).toBeInTheDocument();
    expect(container.querySelector('[data-fragment]')).toBeNull();
  });

  it('asks at once for a fragment the shopper asked for (load="now"), wherever its place is, with no marker', async () => {
    load.mockResolvedValue({ default: () => <p>Enquire Now</p> });
    const { container } = renderWithPlatform(<RemoteFragment id="mf_leads/EnquireDialog" props={{}} load="now" />);
    expect(await screen.findByText('Enquire Now')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_leads/EnquireDialog');
    expect(observers).toEqual([]);
    expect(container.querySelector('[data-fragment]')).toBeNull();
  });

  it('starts no timeout clock before it is asked for: a fragment far below the window never times out', async () => {
    load.mockReturnValue(new Promise(() => undefined));
    renderWithPlatform(<RemoteFragment id="mf_search/SimilarCars" props={{}} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(reports).toEqual([]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
