import { css } from '@emotion/react';
import { capitalise, specText, SURFACE, useTenant } from '@forecourt/shared-config';
import type { OPTIONAL_FILTERS } from '@forecourt/shared-config/tenant';
import { useId, useMemo } from 'react';
import { useRange, type UseRefinementListProps } from 'react-instantsearch-core';
import { listedChoices, listedDays, listedSince } from '../../../lib/lists';
import { FilterSection, RangeFilter } from './filters';
import { CheckboxList } from './widgets';

type OptionalFilterName = (typeof OPTIONAL_FILTERS)[number];
type Items = Parameters<NonNullable<UseRefinementListProps['transformItems']>>[0];

/** The headings of the filters a site may add (tenant `search.filters`); folded until opened, to keep the bar short. */
export const OPTIONAL_FILTER_TITLES: Record<OptionalFilterName, string> = {
  fuel: 'Fuel',
  transmission: 'Transmission',
  drive: 'Drive',
  colour: 'Colour',
  seats: 'Seats',
  year: 'Year',
  created_at_timestamp: 'Listed',
  item_type: 'Vehicle type',
  status: 'Availability',
  tag: 'Tags',
  badge: 'Badge',
  filtered_features: 'Features',
  make_model: 'Make and model',
  price_range: 'Price range',
  weekly_price_range: 'Weekly repayments',
  subscription_price: 'Subscription',
  location_name: 'Location',
  dealership_name: 'Dealership',
  city: 'City',
  state: 'State',
};

/** The index's status values as a shopper reads them. */
const STATUS_LABELS: Record<string, string> = { in_stock: 'In stock', coming_soon: 'Coming soon', sold: 'Sold' };

// Module-level transforms: the hook rebuilds its widget (and searches again) when one changes.
// A feed's 'none' (a caravan's transmission) reads as what it means, never 'None'.
const labelValues = (items: Items) =>
  items.map((item) => ({ ...item, label: specText(item.label) ?? 'Not applicable' }));
const labelStatus = (items: Items) =>
  items.map((item) => ({ ...item, label: STATUS_LABELS[item.label] ?? capitalise(item.label) }));

/** Bands ('$100 - $150') in the order of their lower bound, not as text ('$1…' before '$5…'). */
function bandStart(name: string): number {
  const first = /\$?([\d,]+)/.exec(name)?.[1];
  return first ? Number(first.replace(/,/g, '')) : Number.POSITIVE_INFINITY;
}
const byBand = (a: { name: string }, b: { name: string }) => bandStart(a.name) - bandStart(b.name);

/**
 * 'Listed': how recent a listing is (created_at_timestamp), as a choice of windows, the site's
 * just-arrived window first. Kept in the address bar as the range's lower bound.
 */
function ListedFilter() {
  const { badges } = useTenant().search;
  const { start, refine } = useRange({ attribute: 'created_at_timestamp' });
  const id = useId();
  const nowSeconds = useMemo(() => Math.floor(Date.now() / 1000), []);
  const choices = listedChoices(badges.newDays);
  const since = Number.isFinite(start[0]) ? (start[0] as number) : undefined;
  const chosen = since === undefined ? '' : String(listedDays(since, nowSeconds));
  return (
    <label
      htmlFor={id}
      css={css`
        display: grid;
        gap: 0.25rem;
        font-size: 0.9rem;
        color: ${SURFACE.muted};
      `}
    >
      Listed
      <select
        id={id}
        value={chosen}
        onChange={(event) => {
          const days = Number(event.target.value);
          refine([event.target.value === '' ? undefined : listedSince(days, Math.floor(Date.now() / 1000)), undefined]);
        }}
        css={css`
          padding: 0.5rem;
          font: inherit;
          color: ${SURFACE.text};
          border: 1px solid ${SURFACE.border};
          border-radius: 6px;
          background: ${SURFACE.background};
        `}
      >
        <option value="">Any time</option>
        {choices.map((choice) => (
          <option key={choice.days} value={String(choice.days)}>
            {choice.label}
          </option>
        ))}
        {chosen !== '' && !choices.some((c) => String(c.days) === chosen) && (
          <option value={chosen}>{`In the last ${chosen} days`}</option>
        )}
      </select>
    </label>
  );
}

/** One of the filters a site adds (tenant `search.filters`), by the attribute it filters. */
export function OptionalFilter({ attribute }: { attribute: OptionalFilterName }) {
  const title = OPTIONAL_FILTER_TITLES[attribute];
  let body;
  if (attribute === 'year' || attribute === 'subscription_price')
    body = <RangeFilter attribute={attribute} hideWithoutValues />;
  else if (attribute === 'created_at_timestamp') body = <ListedFilter />;
  else if (attribute === 'status') body = <CheckboxList attribute={attribute} transformItems={labelStatus} />;
  else if (attribute === 'price_range' || attribute === 'weekly_price_range')
    body = <CheckboxList attribute={attribute} sortBy={byBand} />;
  else if (attribute === 'seats')
    body = <CheckboxList attribute={attribute} transformItems={labelValues} sortBy={['name:asc']} />;
  else body = <CheckboxList attribute={attribute} transformItems={labelValues} />;
  return (
    <FilterSection title={title} open={false}>
      {body}
    </FilterSection>
  );
}
