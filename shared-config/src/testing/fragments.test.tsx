import { act, screen } from '@testing-library/react';
import { installFailurePolicy, type Failure } from '../runtime/failures';
import { RemoteFragment } from '../runtime/remote-fragment';
import { provideFragment } from './fragments';
import { renderWithPlatform } from './render';

let reports: Failure[];

beforeEach(() => {
  reports = [];
  installFailurePolicy({
    report: (failure) => reports.push(failure),
    Fallback: ({ remote }) => <p role="status">{`${remote} fallback`}</p>,
    fragmentTimeoutMs: 60_000,
  });
});

it("shows the stand-in a test declares for another team's fragment, through the federation runtime, with its props", async () => {
  provideFragment('mf_finance/FinanceCta', ({ price }: { price: number }) => <p>Finance from ${price}</p>);
  renderWithPlatform(<RemoteFragment id="mf_finance/FinanceCta" props={{ price: 199 }} />);
  expect(await screen.findByText('Finance from $199')).toBeInTheDocument();
  expect(reports).toEqual([]);
});

it('keeps a fragment the test declared nothing for loading, and reports nothing', async () => {
  provideFragment('mf_finance/FinanceCta', () => <p>Finance</p>);
  renderWithPlatform(<RemoteFragment id="mf_finance/Calculator" props={{}} loading={<p>Calculator loading</p>} />);
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(screen.getByText('Calculator loading')).toBeInTheDocument();
  expect(reports).toEqual([]);
});

it("forgets one test's stand-ins before the next test", async () => {
  renderWithPlatform(
    <RemoteFragment id="mf_finance/FinanceCta" props={{ price: 199 }} loading={<p>Finance loading</p>} />,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(screen.getByText('Finance loading')).toBeInTheDocument();
});
