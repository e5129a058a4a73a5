import {
  DEFAULT_FRAGMENT_TIMEOUT_MS,
  failurePolicy,
  mediaAt,
  NO_PRICE_TEXT,
  paths,
  priceDisplay,
  RemoteFragment,
  useTenant,
} from '@forecourt/shared-config';
import type { LeadCar, LeadDialogProps } from '@forecourt/shared-config/leads';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { CarHit } from '../../../lib/hit';

/** The card's car as mf-leads's dialogs take it (shared-config's LeadCar); the dialog reads the rest by the car's id. */
export function hitLeadCar(hit: CarHit): LeadCar {
  const image = hit.primary_image_url?.startsWith('/media/') ? mediaAt(hit.primary_image_url, 300) : null;
  return {
    id: hit.objectID,
    slug: hit.slug,
    name: hit.name,
    make: hit.make,
    model: hit.model,
    year: hit.year,
    car_type: hit.car_type === 'new' || hit.car_type === 'demo' ? hit.car_type : 'used',
    status: hit.status,
    stocknum: hit.stocknum ?? '',
    dealership_slug: hit.dealership_slug,
    price_text: priceDisplay(hit, { subscriptionDealer: false, noPriceText: NO_PRICE_TEXT }).text,
    image,
    location: { id: '', slug: hit.location_slug ?? '', name: hit.location_name, distribution_locations: [] },
  };
}

/**
 * The not-in-stock card's 'Find Me Something Similar' (spec finance-leads-locations §4: "the
 * enquiry is prefilled with 'Can you please find me something similar?' and subcategory 'Find me
 * something similar'"): it opens mf-leads's `FindSimilarDialog` over the results, as the car's
 * own page does, loaded the first time a shopper asks for it. It is a link to the same enquiry's
 * page (`/contact?car_id=…&type=similar`, prefilled there too), so it works before the page's
 * script has run, with a modified click (a new tab), on a site without mf-leads, and when the
 * dialog cannot load.
 */
export function FindSimilarLink({
  hit,
  className,
  children,
}: {
  hit: CarHit;
  className?: string;
  children: ReactNode;
}) {
  const tenant = useTenant();
  const ref = useRef<HTMLAnchorElement>(null);
  const [asked, setAsked] = useState(false);
  const [open, setOpen] = useState(false);
  const car = useMemo(() => hitLeadCar(hit), [hit]);
  const href = paths.findSimilar(hit.objectID);
  const dialog = tenant.features['mf-leads'];
  return (
    <>
      <a
        ref={ref}
        href={href}
        className={className}
        {...(dialog ? { 'aria-haspopup': 'dialog' as const } : {})}
        onClick={(event) => {
          if (!dialog || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          setAsked(true);
          setOpen(true);
        }}
      >
        {children}
      </a>
      {asked && (
        <RemoteFragment<LeadDialogProps>
          id="mf_leads/FindSimilarDialog"
          // The shopper asked for this form: it may take as long as the platform's default fragment wait.
          timeoutMs={Math.max(failurePolicy().fragmentTimeoutMs, DEFAULT_FRAGMENT_TIMEOUT_MS)}
          // Asked for by the shopper's click, wherever the host sits in the page.
          load="now"
          props={{ car, open, onOpenChange: setOpen, returnFocusTo: ref }}
          // A dialog that cannot load sends the shopper to the same enquiry's page.
          onFailed={() => {
            if (open) window.location.assign(href);
          }}
        />
      )}
    </>
  );
}
