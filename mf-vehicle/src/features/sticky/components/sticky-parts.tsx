import { css } from '@emotion/react';
import {
  alpha,
  bodyLabel,
  isInStock,
  mediaAt,
  paths,
  priceDisplay,
  readableTextOn,
  specText,
  SURFACE,
  telHref,
  useTenant,
  weeklyFinance,
} from '@forecourt/shared-config';
import { ENQUIRE_FOR_FINANCE_MAX, type FinanceEstimate } from '@forecourt/shared-config/price';
import { useEffect, useState } from 'react';
import type { VehicleSummary } from '../../../contract';
import { LeadDialogLink } from '../../lead-dialogs/components/lead-dialogs';
import { pageShowsFinance, stickyEstimate } from '../../../lib/finance-facts';
import { reserveButtonText } from '../../../lib/reserve-copy';
import { stickyParts } from '../../../lib/sticky';

/** The sticky parts shown at the window's current scroll (read once a frame at most). */
function useStickyParts(): { header: boolean; bar: boolean } {
  const [parts, setParts] = useState({ header: false, bar: false });
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = stickyParts(window.scrollY);
      setParts((prev) => (prev.header === next.header && prev.bar === next.bar ? prev : next));
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);
  return parts;
}

const button = (background: string) => css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 2.5rem;
  padding: 0.45rem 0.9rem;
  border-radius: 6px;
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  color: ${readableTextOn(background)};
  background: ${background};
  border: 1px solid ${background === SURFACE.background ? SURFACE.border : background};
`;

/**
 * The sticky header (past 500 px: picture, name, transmission and body, price and price type,
 * the finance calculator's weekly estimate and rate, Get Finance (mf-finance's popup) and
 * Trade-In Valuation) and the sticky bottom bar
 * (past 900 px: Reserve Car Now where online checkout is on, Enquire Now, Call Now). Each is only
 * in the page while shown, so nothing hidden can take keyboard focus.
 */
export function StickyParts({ car, estimate }: { car: VehicleSummary; estimate: FinanceEstimate | null }) {
  const tenant = useTenant();
  const parts = useStickyParts();
  const price = priceDisplay(car, tenant.pricing);
  const inStock = isInStock(car.status);
  // The shared finance rule, as the calculator and the result cards ask it: no Get Finance for a car without finance.
  const finance = pageShowsFinance(tenant, car);
  const figure = stickyEstimate(tenant, car, estimate);
  const image = car.images[0];
  const phone = car.location.phone || tenant.contact.phone;
  return (
    <>
      {parts.header && (
        <aside
          aria-label={`${car.name} summary`}
          data-sticky="header"
          css={css`
            label: mf-vehicle-sticky-header;
            position: fixed;
            top: 0;
            left: 0;
            right: 0;
            z-index: 30;
            background: ${SURFACE.background};
            border-bottom: 1px solid ${SURFACE.border};
            box-shadow: 0 2px 8px ${alpha(SURFACE.inverse, 10)};
          `}
        >
          <div
            css={css`
              display: flex;
              align-items: center;
              gap: 0.75rem 1rem;
              max-width: 72rem;
              margin: 0 auto;
              padding: 0.5rem 1rem;
              flex-wrap: wrap;
            `}
          >
            {image && (
              <img
                src={mediaAt(image, 120)}
                alt=""
                width={72}
                height={48}
                css={{ borderRadius: 4, objectFit: 'cover', display: 'block' }}
              />
            )}
            <div css={{ minWidth: 0, flex: '1 1 12rem' }}>
              <p
                css={{ margin: 0, fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {car.name}
              </p>
              <p css={{ margin: 0, fontSize: '0.875rem', color: SURFACE.muted }}>
                {[specText(car.transmission), specText(car.body) === null ? null : bodyLabel(car.body)]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            <div>
              <p css={{ margin: 0, fontWeight: 800, fontSize: '1.125rem' }}>
                {price.text}{' '}
                {(price.suffix ?? price.priceType) && (
                  <span css={{ fontSize: '0.8rem', fontWeight: 500, color: SURFACE.muted }}>
                    {price.suffix ?? price.priceType}
                  </span>
                )}
              </p>
              {/* The finance calculator's own estimate (mf-finance reports it as the shopper changes it): one figure on the page. */}
              {figure && (
                <p css={{ margin: 0, fontSize: '0.8rem', color: SURFACE.muted }} data-testid="sticky-finance">
                  {weeklyFinance(figure.weekly)}
                  {figure.weekly > ENQUIRE_FOR_FINANCE_MAX && ` at ${figure.interest.toFixed(2)}% p.a.*`}
                </p>
              )}
            </div>
            <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
              {finance && (
                <LeadDialogLink
                  dialog="FinanceDialog"
                  href={paths.personalisedFinance(car.id)}
                  css={button(tenant.theme.primary)}
                >
                  Get Finance
                </LeadDialogLink>
              )}
              {/* Spec §5: hidden when trade-in is not enabled (mf-leads off, or the site's online valuation, leads.tradeIn). */}
              {tenant.features['mf-leads'] && tenant.leads.tradeIn && (
                <a href={paths.tradeIn(car.id)} css={button(SURFACE.background)}>
                  Trade-In Valuation
                </a>
              )}
            </div>
          </div>
        </aside>
      )}
      {parts.bar && (
        <aside
          aria-label={`Act on the ${car.name}`}
          data-sticky="bar"
          css={css`
            label: mf-vehicle-sticky-bar;
            position: fixed;
            bottom: 0;
            left: 0;
            right: 0;
            z-index: 30;
            background: ${SURFACE.background};
            border-top: 1px solid ${SURFACE.border};
            box-shadow: 0 -2px 8px ${alpha(SURFACE.inverse, 10)};
          `}
        >
          <div
            css={css`
              display: flex;
              flex-wrap: wrap;
              gap: 0.5rem;
              max-width: 72rem;
              margin: 0 auto;
              padding: 0.5rem 1rem;
              & > a {
                flex: 1 1 auto;
              }
            `}
          >
            {inStock && tenant.vehicle.onlineCheckout && (
              <a href={paths.checkout(car.slug, tenant.vehicle.checkoutPath)} css={button(tenant.theme.primary)}>
                {reserveButtonText(tenant.vehicle.reserveDeposit, car.item_type)}
              </a>
            )}
            {tenant.features['mf-leads'] && (
              <LeadDialogLink
                dialog="EnquireDialog"
                href={`${paths.contact()}?car_id=${encodeURIComponent(car.id)}`}
                css={button(SURFACE.background)}
              >
                Enquire Now
              </LeadDialogLink>
            )}
            {phone && (
              <a href={telHref(phone)} css={button(SURFACE.background)}>
                Call Now
              </a>
            )}
          </div>
        </aside>
      )}
    </>
  );
}
