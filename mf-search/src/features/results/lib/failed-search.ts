import type { IndexUiState } from 'instantsearch.js';
import { useEffect, useState } from 'react';
import { useInstantSearchContext } from 'react-instantsearch-core';

/**
 * The shopper's choices in the search that failed, taken at the moment it failed.
 *
 * InstantSearch undoes a failed search: at its next render it puts the helper back to the last
 * search that answered, so `indexUiState` read after the error is the state from before the
 * shopper's click. The fallback must list cars for the click itself (the shopper sees the result
 * of every click), so this listens for the error, which InstantSearch emits before that render,
 * and keeps the state of that moment. Null until a search has failed while mounted.
 */
export function useFailedSearchUiState(): IndexUiState | null {
  const search = useInstantSearchContext();
  const [failed, setFailed] = useState<IndexUiState | null>(null);
  useEffect(() => {
    const onError = () => setFailed(search.getUiState()[search.mainIndex.getIndexId()] ?? {});
    search.addListener('error', onError);
    return () => {
      search.removeListener('error', onError);
    };
  }, [search]);
  return failed;
}
