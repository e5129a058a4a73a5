import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, screen } from '@testing-library/react';
import { expectConsole, renderWithPlatform } from '../testing/render';
import { installFailurePolicy, type Failure, type FailurePolicy } from './failures';
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
