import { css } from '@emotion/react';
import { paths, readableTextOn, STATIC_MAP, SUCCESS, SURFACE, useTenant } from '@forecourt/shared-config';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import type { DealerLocation } from '../../../contract';
import { arrowState, carouselLayout, clampIndex, EXPAND_MS } from '../../../lib/carousel';
import { useNow } from '../../../lib/first-paint';
import { statusNow } from '../../../lib/hours';

interface CarouselState {
  index: number;
  count: number;
  perView: number;
  go: (index: number) => void;
}

const CarouselContext = createContext<CarouselState | null>(null);

/** The carousel's state for its parts; outside a carousel it throws (spec: 'Missing carousel context: an error is thrown'). */
export function useCarousel(): CarouselState {
  const state = useContext(CarouselContext);
  if (!state) throw new Error('useCarousel must be used within a <LocationsCarousel>');
  return state;
}

function Arrows() {
  const { index, count, perView, go } = useCarousel();
  const { previousDisabled, nextDisabled } = arrowState(index, count, perView);
  const arrow = css`
    width: 2.5rem;
    height: 2.5rem;
    border-radius: 50%;
    border: 1px solid ${SURFACE.border};
    background: ${SURFACE.background};
    font-size: 1.25rem;
    line-height: 1;
    cursor: pointer;
    &:disabled {
      opacity: 0.4;
      cursor: default;
    }
  `;
  return (
    <div css={{ display: 'flex', gap: '0.5rem' }}>
      <button
        type="button"
        css={arrow}
        aria-label="Previous locations"
        disabled={previousDisabled}
        onClick={() => go(index - 1)}
      >
        ‹
      </button>
      <button
        type="button"
        css={arrow}
        aria-label="Next locations"
        disabled={nextDisabled}
        onClick={() => go(index + 1)}
      >
        ›
      </button>
    </div>
  );
}

function CarouselCard({ location, large, now }: { location: DealerLocation; large: boolean; now: Date }) {
  const { theme, features } = useTenant();
  const [more, setMore] = useState(false);
  const detailsId = useId();
  const type = location.location_type;
  const status = location.contact_detail.opening_hours[type] ? statusNow(location, type, now) : null;
  const button = (primary: boolean) => css`
    display: inline-flex;
    justify-content: center;
    align-items: center;
    min-height: 2.5rem;
    padding: 0.4rem 0.8rem;
    border-radius: 6px;
    font-weight: 600;
    text-decoration: none;
    flex: 1 1 auto;
    ${primary ? `background: ${theme.primary}; color: ${readableTextOn(theme.primary)}; border: 1px solid ${theme.primary};` : `background: ${SURFACE.background}; color: inherit; border: 1px solid ${SURFACE.border};`}
  `;
  return (
    <li
      data-location={location.slug}
      css={css`
        scroll-snap-align: start;
        flex: 0 0 auto;
        width: ${large ? 'min(100%, 22rem)' : 'min(100%, 17rem)'};
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
        background: ${SURFACE.background};
        overflow: hidden;
        display: flex;
        flex-direction: column;
      `}
    >
      <img
        src={`${location.image_url}?w=${large ? 800 : 600}`}
        alt=""
        width={large ? 352 : 272}
        height={large ? 198 : 153}
        loading="lazy"
        css={{
          width: '100%',
          height: 'auto',
          aspectRatio: '16 / 9',
          objectFit: 'cover',
          display: 'block',
          background: STATIC_MAP.land,
        }}
      />
      <div css={{ padding: '0.9rem 1rem 1rem', display: 'grid', gap: '0.4rem', flex: 1 }}>
        <h3 css={{ margin: 0, fontSize: '1.05rem' }}>{location.name}</h3>
        <p css={{ margin: 0, color: SURFACE.muted }} data-dealer-text>
          {location.address.street}, {location.address.city} {location.address.state}
        </p>
        {status && (
          <p css={{ margin: 0, fontWeight: 600, color: status.open ? SUCCESS.text : SURFACE.muted }}>{status.text}</p>
        )}
        <button
          type="button"
          aria-expanded={more}
          aria-controls={detailsId}
          onClick={() => setMore(!more)}
          css={{
            font: 'inherit',
            fontWeight: 600,
            background: 'none',
            border: 'none',
            padding: 0,
            textAlign: 'left',
            textDecoration: 'underline',
            cursor: 'pointer',
            color: 'inherit',
          }}
        >
          {more ? 'Fewer details' : 'More details'}
        </button>
        {/* Spec: 'Expand animation 300 ms' (none for a shopper who asks for reduced motion). */}
        <div
          id={detailsId}
          css={css`
            display: grid;
            grid-template-rows: ${more ? '1fr' : '0fr'};
            transition: grid-template-rows ${EXPAND_MS}ms ease;
            @media (prefers-reduced-motion: reduce) {
              transition: none;
            }
          `}
        >
          <div css={{ overflow: 'hidden' }} hidden={!more}>
            <p css={{ margin: 0 }}>{`Phone ${location.contact_detail.phone}`}</p>
            {location.manufacturers.length > 0 && <p css={{ margin: 0 }}>{location.manufacturers.join(', ')}</p>}
          </div>
        </div>
        <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', marginTop: 'auto', paddingTop: '0.5rem' }}>
          <a href={paths.ourLocation(location.slug)} css={button(true)} aria-label={`View location: ${location.name}`}>
            View Location
          </a>
          {features['mf-search'] && (
            <a
              href={paths.searchDealer(location.slug)}
              css={button(false)}
              aria-label={`View our stock at ${location.name}`}
            >
              View Our Stock
            </a>
          )}
        </div>
      </div>
    </li>
  );
}

/** Cards fully in view of the track: how far one arrow press moves. */
function usePerView(track: RefObject<HTMLUListElement | null>, count: number): number {
  const [perView, setPerView] = useState(1);
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const measure = () => {
      const card = element.firstElementChild as HTMLElement | null;
      const gap = parseFloat(getComputedStyle(element).columnGap) || 0;
      const width = card?.getBoundingClientRect().width ?? 0;
      setPerView(width > 0 ? Math.max(1, Math.floor((element.clientWidth + gap) / (width + gap))) : 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [track, count]);
  return perView;
}

/**
 * 'Our Locations' (spec: cards with image, details, View Location and View Our Stock; previous
 * and next arrows disabled at the ends; a Swipe hint with 3 or fewer locations; a large layout
 * with more than 4). The track scrolls by touch (snapping to cards) and by the arrows, which move
 * one card; the arrows follow the track whichever way it moved.
 */
export function LocationsCarousel({
  locations,
  heading = 'Our Locations',
  children,
  now: given,
}: {
  locations: readonly DealerLocation[];
  heading?: string;
  children?: ReactNode;
  now?: Date;
}) {
  const now = useNow(given);
  const headingId = useId();
  const track = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const perView = usePerView(track, locations.length);
  const layout = carouselLayout(locations.length);
  const go = useCallback(
    (next: number) => {
      const element = track.current;
      const target = clampIndex(next, locations.length, perView);
      const card = element?.children[target] as HTMLElement | undefined;
      const reducedMotion =
        typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      if (element && card)
        element.scrollTo?.({ left: card.offsetLeft - element.offsetLeft, behavior: reducedMotion ? 'auto' : 'smooth' });
      setIndex(target);
    },
    [locations.length, perView],
  );
  const onScroll = () => {
    const element = track.current;
    const first = element?.firstElementChild as HTMLElement | null;
    if (!element || !first) return;
    const step = first.getBoundingClientRect().width + (parseFloat(getComputedStyle(element).columnGap) || 0);
    setIndex(Math.round(element.scrollLeft / step));
  };
  const state = useMemo(
    () => ({ index, count: locations.length, perView, go }),
    [index, locations.length, perView, go],
  );
  if (locations.length === 0) return null;
  return (
    <CarouselContext.Provider value={state}>
      <section
        aria-labelledby={headingId}
        aria-roledescription="carousel"
        data-layout={layout.large ? 'large' : 'standard'}
        css={css`
          label: mf-locations-carousel;
        `}
      >
        <div
          css={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: '1rem',
            marginBottom: '0.75rem',
          }}
        >
          <h2 id={headingId} css={{ margin: 0, fontSize: '1.5rem' }}>
            {heading}
          </h2>
          <Arrows />
        </div>
        {layout.swipeHint && (
          <p
            data-swipe-hint=""
            aria-hidden="true"
            css={css`
              margin: 0 0 0.5rem;
              font-size: 0.875rem;
              color: ${SURFACE.muted};
              @media (min-width: 768px) {
                display: none;
              }
            `}
          >
            Swipe →
          </p>
        )}
        <ul
          ref={track}
          onScroll={onScroll}
          css={css`
            display: flex;
            gap: 1rem;
            overflow-x: auto;
            scroll-snap-type: x mandatory;
            list-style: none;
            margin: 0;
            padding: 0 0 0.5rem;
            scrollbar-width: thin;
          `}
        >
          {locations.map((location) => (
            <CarouselCard key={location.id} location={location} large={layout.large} now={now} />
          ))}
        </ul>
        {children}
      </section>
    </CarouselContext.Provider>
  );
}
