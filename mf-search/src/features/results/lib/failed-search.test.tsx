import { act, render, screen } from '@testing-library/react';
import { InstantSearch, useInstantSearch, useRefinementList } from 'react-instantsearch-core';
import { useFailedSearchUiState } from './failed-search';

/** A search client whose first search answers (nothing found) and every later one fails, as an index that goes down. */
function clientThatFailsAfterFirstAnswer() {
  let calls = 0;
  return {
    search: (requests: readonly unknown[]) => {
      calls += 1;
      if (calls > 1) return Promise.reject(new Error('Unreachable hosts'));
      return Promise.resolve({
        results: requests.map(() => ({
          hits: [],
          nbHits: 0,
          page: 0,
          nbPages: 0,
          hitsPerPage: 21,
          processingTimeMS: 1,
          exhaustiveNbHits: true,
          query: '',
          params: '',
          facets: {},
        })),
      });
    },
  };
}

function Probe() {
  const failed = useFailedSearchUiState();
  const { indexUiState, status } = useInstantSearch();
  const { refine } = useRefinementList({ attribute: 'make' });
  return (
    <>
      <button type="button" onClick={() => refine('Toyota')}>
        Toyota
      </button>
      <output data-testid="failed">{JSON.stringify(failed)}</output>
      <output data-testid="current">{`${status} ${JSON.stringify(indexUiState.refinementList ?? {})}`}</output>
    </>
  );
}

it('keeps the choices of the search that failed, which InstantSearch then rolls back', async () => {
  render(
    <InstantSearch searchClient={clientThatFailsAfterFirstAnswer() as never} indexName="cars">
      <Probe />
    </InstantSearch>,
  );
  await screen.findByText('idle {}');
  expect(screen.getByTestId('failed')).toHaveTextContent('null');
  await act(async () => screen.getByRole('button', { name: 'Toyota' }).click());
  await screen.findByText(/^error/);
  // InstantSearch has put its own state back to the last search that answered...
  expect(screen.getByTestId('current')).toHaveTextContent('error {}');
  // ...while the failed search's choices are kept for the fallback.
  expect(JSON.parse(screen.getByTestId('failed').textContent ?? 'null')).toEqual({
    refinementList: { make: ['Toyota'] },
  });
});
