import { css } from '@emotion/react';
import { readableTextOn, SURFACE, useTenant } from '@forecourt/shared-config';
import { useId } from 'react';

/**
 * `/service` on a site whose manufacturer takes its service bookings (tenant
 * `leads.manufacturerService`; spec: '/service: book a service online (a manufacturer
 * service-booking site for one tenant)'): a hand-off to the manufacturer's booking site.
 *
 * Not in the spec how; chosen over rebuilding that booking flow here because the manufacturer's
 * site books straight into the dealer's workshop diary: it offers only the times the workshop
 * has free, prices the logbook service for the model and its kilometres (capped-price
 * servicing) and confirms at once. A copy on this platform could only take a request and call
 * back, and two systems taking bookings for one workshop double-book it. The link carries
 * nothing about the shopper. Owners of other makes (a group services several) still get the
 * platform's booking request, which the page shows below this.
 */
export function ManufacturerService({ make, url }: { make: string; url: string }) {
  const tenant = useTenant();
  const headingId = useId();
  const colour = tenant.theme.primary;
  return (
    <section
      aria-labelledby={headingId}
      css={css`
        label: mf-leads-manufacturer-service;
        margin: 0 0 2rem;
        padding: 1.25rem;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
      `}
    >
      <h2 id={headingId} css={{ fontSize: '1.25rem', margin: '0 0 0.5rem' }}>
        {`Book your ${make} service online`}
      </h2>
      <p css={{ margin: '0 0 1rem' }}>
        {`${make}'s service booking shows the times our workshop has free, your logbook service and its price, and confirms your booking straight away.`}
      </p>
      <a
        href={url}
        rel="external noopener"
        css={css`
          display: inline-flex;
          align-items: center;
          min-height: 2.75rem;
          padding: 0.6rem 1.25rem;
          border-radius: 6px;
          font-weight: 700;
          text-decoration: none;
          background: ${colour};
          color: ${readableTextOn(colour)};
        `}
      >
        {`Book with ${make} Service`}
      </a>
    </section>
  );
}
