import { css } from '@emotion/react';
import { capitalise, RemoteFragment, SURFACE, telHref, useTenant } from '@forecourt/shared-config';
import { useId, type ReactNode } from 'react';

export interface LeadPageLayoutProps {
  heading: string;
  intro?: ReactNode;
  /** The car this lead is about (`?car_id=`), shown as a reference. */
  carId?: string | null;
  /** Beside the form from 992 px (below it on smaller screens); the dealer's card by default. */
  aside?: ReactNode;
  children: ReactNode;
}

/** The dealer's name, place and phone, this team's own (when the site has no locations team). */
function DealerCard() {
  const tenant = useTenant();
  const dealerId = useId();
  const { phone, city, state } = tenant.contact;
  return (
    <section
      aria-labelledby={dealerId}
      css={css`
        label: mf-leads-dealer;
        padding: 1rem 1.25rem;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
      `}
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
  );
}

/** Where to reach the dealer: mf-locations's card through the fragment loader where the site has it. */
export function DealerAside({ locationSlug }: { locationSlug?: string }) {
  const tenant = useTenant();
  if (!tenant.features['mf-locations']) return <DealerCard />;
  return (
    <RemoteFragment
      id="mf_locations/DealerContact"
      props={locationSlug ? { locationSlug } : {}}
      loading={<DealerCard />}
    />
  );
}

/** The frame every lead page shares: its heading, its form and, beside it, how to reach the dealer. */
export function LeadPageLayout({ heading, intro, carId, aside, children }: LeadPageLayoutProps) {
  const tenant = useTenant();
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      css={css`
        label: mf-leads-page;
        max-width: 72rem;
        margin: 0 auto;
        padding: 1.5rem;
      `}
    >
      <h1 id={headingId} css={{ margin: '0 0 0.5rem' }}>
        {heading}
      </h1>
      {intro && <div css={{ margin: '0 0 1rem', color: SURFACE.muted, maxWidth: '44rem' }}>{intro}</div>}
      {carId && (
        <p css={{ margin: '0 0 1rem', color: SURFACE.muted }}>
          {capitalise(tenant.search.itemNoun)} reference: {carId}
        </p>
      )}
      <div
        css={css`
          display: grid;
          gap: 1.5rem;
          align-items: start;
          @media (min-width: 992px) {
            grid-template-columns: minmax(0, 1fr) 20rem;
          }
        `}
      >
        <div css={{ minWidth: 0, maxWidth: '44rem' }}>{children}</div>
        <aside>{aside ?? <DealerAside />}</aside>
      </div>
    </article>
  );
}
