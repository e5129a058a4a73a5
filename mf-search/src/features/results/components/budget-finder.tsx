import { Configure, Index, useInstantSearch } from 'react-instantsearch-core';
import { BudgetForm } from '../../budget-finder/components/budget-form';
import { BUDGET_MIN_PRICE, budgetFilter } from '../../../lib/budget';

/**
 * The budget finder in the results page's filter bar: the prices it can reach are those of the
 * shopper's current search, and 'View {type}s In This Range' applies the ceiling to it.
 */
export function BudgetFinder({ indexName, scopeFilters }: { indexName: string; scopeFilters: string }) {
  // A second query on the same index, inheriting the shopper's query and filters, priced above
  // $1,000 and asking only for the price stats: the cheapest and dearest car the budget can meet.
  // Its own index id keeps it out of the address bar.
  return (
    <Index indexName={indexName} indexId="budget">
      <Configure hitsPerPage={0} filters={budgetFilter(scopeFilters)} facets={['price']} />
      <BudgetInSearch indexName={indexName} />
    </Index>
  );
}

function BudgetInSearch({ indexName }: { indexName: string }) {
  const { results, setUiState } = useInstantSearch();
  const stats = results?.getFacetStats('price') as { min: number; max: number } | undefined;
  return (
    <BudgetForm
      prices={{ min: stats?.min, max: stats?.max }}
      action={{
        kind: 'apply',
        // The spec searches above $1,000; the address bar's range is inclusive, so it starts there.
        apply: (maxPrice) =>
          setUiState((ui) => {
            const main = ui[indexName] ?? {};
            return {
              ...ui,
              [indexName]: {
                ...main,
                page: undefined,
                range: { ...main.range, price: `${BUDGET_MIN_PRICE}:${maxPrice}` },
              },
            };
          }),
      }}
    />
  );
}
