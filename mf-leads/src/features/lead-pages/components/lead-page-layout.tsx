import { css } from '@emotion/react';
import { capitalise, telHref, useTenant } from '@forecourt/shared-config';
import { useId, type ReactNode } from 'react';

export interface LeadPageLayoutProps {
  heading: string;
  /** The car this lead is about (`?car_id=`), shown as a reference. */
  carId?: string | null;
  children: ReactNode;
}

/** The frame every lead page shares: its heading, its content and how to reach the dealer. */
export function LeadPageLayout({ heading, carId, children }: LeadPageLayoutProps) {
  const tenant = useTenant();
  const headingId = useId();
  const dealerId = useId();
  const { phone, city, state } = tenant.contact;
  return (
    <article aria-labelledby={headingId} css={css`label: mf-leads-page; max-width: 48rem; margin: 0 auto; padding: 1.5rem;`}>
      <h1 id={headingId} css={{ margin: '0 0 0.5rem' }}>
        {heading}
      </h1>
      {carId && (
        <p css={{ margin: '0 0 1rem', color: '#475467' }}>
          {capitalise(tenant.search.itemNoun)} reference: {carId}
        </p>
      )}
      {children}
      <section
        aria-labelledby={dealerId}
        css={css`label: mf-leads-dealer; margin-top: 1.5rem; padding: 1rem 1.25rem; border: 1px solid #d0d5dd; border-radius: 8px;`}
      >
        <h2 id={dealerId} css={{ fontSize: '1.125rem', margin: '0 0 0.5rem' }}>
          {tenant.name}
        </h2>
        <p css={{ margin: '0 0 0.25rem' }}>
          {city} {state}
        </p>
        <p css={{ margin: 0 }}>
          <a href={telHref(phone)} aria-label={`Call ${tenant.name} on ${phone}`}>
            {phone}
          </a>
        </p>
      </section>
    </article>
  );
}
