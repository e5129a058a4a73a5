import { css } from '@emotion/react';
import { formatDollars, formatKms, SURFACE } from '@forecourt/shared-config';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useRange } from 'react-instantsearch-core';
import { DeferredRangeSlider } from './deferred-range-slider';
import { NumberField } from './number-field';
import {
  moveHandle,
  parseAmount,
  PRICE_SLIDER,
  pricePresets,
  sliderBounds,
  sliderStep,
  SNAP,
  type Bounds,
} from '../../../lib/range-slider';

/** Spec (search-and-vehicle §5): range updates are debounced 400 ms. */
const RANGE_DEBOUNCE_MS = 400;

/** Spec (search-and-vehicle §9): 'Animations: slider collapse 300 ms'. */
export const COLLAPSE_MS = 300;

/** Whether the fold may be animated: the browser can, and the shopper has not asked for less motion. */
function animates(element: HTMLElement): boolean {
  if (typeof element.animate !== 'function') return false;
  return !(typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
}

/**
 * A filter group the shopper can fold away; open by default. Native <details> is keyboard-operable
 * as it is; folding and unfolding slide its content over 300 ms (the spec's slider collapse), or
 * at once where the shopper's system asks for reduced motion.
 */
export function FilterSection({
  title,
  children,
  open = true,
}: {
  title: string;
  children: ReactNode;
  open?: boolean;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const running = useRef<Animation | null>(null);
  const fold = (event: React.MouseEvent) => {
    const section = details.current;
    const body = content.current;
    if (!section || !body || !animates(body)) return;
    event.preventDefault();
    running.current?.cancel();
    const closing = section.open;
    if (!closing) section.open = true;
    const height = `${body.getBoundingClientRect().height}px`;
    const frames = [
      { height, overflow: 'hidden' },
      { height: '0px', overflow: 'hidden' },
    ];
    const animation = body.animate(closing ? frames : [...frames].reverse(), {
      duration: COLLAPSE_MS,
      easing: 'ease-in-out',
    });
    running.current = animation;
    animation.onfinish = () => {
      if (closing) section.open = false;
      running.current = null;
    };
  };
  return (
    <details
      ref={details}
      open={open}
      css={css`
        border-top: 1px solid ${SURFACE.border};
        padding-top: 0.75rem;
        & > summary {
          cursor: pointer;
          font-weight: 700;
          list-style-position: outside;
          padding: 0.25rem 0;
        }
      `}
    >
      <summary onClick={fold}>{title}</summary>
      {/* The animated box has no padding of its own, so its measured height is what it folds. */}
      <div ref={content}>
        <div css={{ paddingTop: '0.5rem' }}>{children}</div>
      </div>
    </details>
  );
}

interface RangeKind {
  label: string;
  format: (value: number) => string;
  bounds: (stats: Bounds | undefined) => Bounds;
  step: (bounds: Bounds) => number;
  presets?: (bounds: Bounds) => number[];
  /** What values snap to: 1000 for amounts (spec §5), 1 for years. */
  unit?: number;
}

/** Price: the finance spec's filter-bar slider (5,000 to 250,000 by default, step 500) with presets. */
const PRICE: RangeKind = {
  label: 'Price',
  format: formatDollars,
  bounds: (stats) =>
    stats && Number.isFinite(stats.min) && Number.isFinite(stats.max) && stats.max > stats.min
      ? sliderBounds(stats)
      : { min: PRICE_SLIDER.min, max: PRICE_SLIDER.max },
  step: () => PRICE_SLIDER.step,
  presets: pricePresets,
};

/** Kilometres and the other numeric filters: snapped to 1000, step about a hundredth of the range. */
const KMS: RangeKind = { label: 'Kilometres', format: formatKms, bounds: sliderBounds, step: sliderStep };

/** Year of manufacture: whole years, the facet's oldest to newest. */
const YEAR: RangeKind = {
  label: 'Year',
  format: (year) => String(year),
  bounds: (stats) => sliderBounds(stats, 1),
  step: () => 1,
  unit: 1,
};

/** Subscription price, per week (spec: '/ week' for subscription prices): snapped to $10. */
const SUBSCRIPTION: RangeKind = {
  label: 'Subscription',
  format: (value) => `${formatDollars(value)} / week`,
  bounds: (stats) => sliderBounds(stats, 10),
  step: (bounds) => sliderStep(bounds, 10),
  unit: 10,
};

export const RANGE_KINDS = { price: PRICE, km: KMS, year: YEAR, subscription_price: SUBSCRIPTION } as const;

function AmountField({
  label,
  value,
  onSet,
  format,
  presets,
}: {
  label: string;
  value: number;
  onSet: (value: number) => number;
  format: (v: number) => string;
  presets?: number[];
}) {
  const [text, setText] = useState(format(value));
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) setText(format(value));
  }, [value, format]);
  const apply = () => {
    focused.current = false;
    // The field shows what the filter took: an ignored value (out of range, not a number) goes back.
    setText(format(onSet(parseAmount(text))));
  };
  return (
    <NumberField
      label={label}
      value={text}
      onChange={setText}
      suggestions={presets?.map(format)}
      onFocus={() => {
        focused.current = true;
      }}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          apply();
        }
      }}
    />
  );
}

/**
 * A range filter: the shared two-handle slider plus a typed field per handle. Values outside the
 * facet's range are ignored (the field goes back to the current value), the handles never
 * cross, and the search runs 400 ms after the last change. The whole range means no filter.
 */
export function RangeFilter({
  attribute,
  hideWithoutValues = false,
}: {
  attribute: keyof typeof RANGE_KINDS;
  /** An optional filter: says there is nothing to filter when no result has a value. */ hideWithoutValues?: boolean;
}) {
  const kind = RANGE_KINDS[attribute];
  const { range, start, refine } = useRange({ attribute });
  const unit = kind.unit ?? SNAP;
  const bounds = kind.bounds(
    range.min !== undefined && range.max !== undefined ? { min: range.min, max: range.max } : undefined,
  );
  const step = kind.step(bounds);
  const current = {
    min: Number.isFinite(start[0]) ? Math.max(bounds.min, start[0] as number) : bounds.min,
    max: Number.isFinite(start[1]) ? Math.min(bounds.max, start[1] as number) : bounds.max,
  };
  const [draft, setDraft] = useState<Bounds>(current);
  useEffect(() => setDraft(current), [current.min, current.max, bounds.min, bounds.max]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const setHandle = (handle: 'min' | 'max', value: number) => {
    const next = moveHandle(draft, handle, value, bounds, unit);
    if (next.min !== draft.min || next.max !== draft.max) commit(next);
    return next[handle];
  };
  const commit = (next: Bounds) => {
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => refine([next.min <= bounds.min ? undefined : next.min, next.max >= bounds.max ? undefined : next.max]),
      RANGE_DEBOUNCE_MS,
    );
  };
  const presets = useMemo(() => kind.presets?.(bounds), [kind, bounds.min, bounds.max]);
  const lower = kind.label.toLowerCase();
  if (hideWithoutValues && (range.min === undefined || range.max === undefined || !Number.isFinite(range.min))) {
    return <p css={{ margin: 0, color: SURFACE.muted, fontSize: '0.9rem' }}>None in these results</p>;
  }
  return (
    <div role="group" aria-label={kind.label}>
      <DeferredRangeSlider
        label={kind.label}
        min={bounds.min}
        max={bounds.max}
        step={step}
        value={[draft.min, draft.max]}
        format={kind.format}
        onChange={([min, max]) => commit({ min, max })}
      />
      <div css={{ display: 'flex', gap: '0.5rem' }}>
        <AmountField
          label={`Min ${lower}`}
          value={draft.min}
          format={kind.format}
          presets={presets}
          onSet={(v) => setHandle('min', v)}
        />
        <AmountField
          label={`Max ${lower}`}
          value={draft.max}
          format={kind.format}
          presets={presets}
          onSet={(v) => setHandle('max', v)}
        />
      </div>
    </div>
  );
}
