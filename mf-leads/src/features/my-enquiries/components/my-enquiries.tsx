import { css } from '@emotion/react';
import { paths, SURFACE, useTenant } from '@forecourt/shared-config';
import { dealerTimeZone } from '@forecourt/shared-config/hours';
import { useMyEnquiries } from '../api/my-enquiries';

/**
 * mf_leads/MyEnquiries: the signed-in shopper's enquiries on this site, newest first (the garage
 * page shows it). Each names what it was, the car it was about and when it was sent.
 */
export default function MyEnquiries() {
  const tenant = useTenant();
  const state = useMyEnquiries();

  const body = (() => {
    if (state.status === 'loading') return <p role="status">Loading your enquiries…</p>;
    if (state.status === 'failed' || state.status === 'missing')
      return (
        <p role="alert">{`We could not load your enquiries just now. Please try again in a moment, or call us on ${tenant.contact.phone}.`}</p>
      );
    if (state.status === 'signed-out') return <p>Sign in to see your enquiries.</p>;
    if (state.data.enquiries.length === 0) {
      return (
        <p>
          {`You have not sent ${tenant.name} an enquiry yet. `}
          <a href={paths.contact()}>Contact us</a>
        </p>
      );
    }
    return (
      <ol
        aria-label="Your enquiries"
        css={css`
          list-style: none;
          margin: 0;
          padding: 0;
          display: grid;
          gap: 0.5rem;
        `}
      >
        {state.data.enquiries.map((enquiry) => (
          <li
            key={enquiry.id}
            css={css`
              display: flex;
              flex-wrap: wrap;
              justify-content: space-between;
              gap: 0.25rem 1rem;
              padding: 0.75rem 1rem;
              border: 1px solid ${SURFACE.border};
              border-radius: 8px;
            `}
          >
            <span>
              <strong>{enquiry.title}</strong>
              {enquiry.car && (
                <>
                  {' · '}
                  <a href={paths.car(enquiry.car.slug)}>{enquiry.car.name}</a>
                </>
              )}
            </span>
            <time dateTime={enquiry.sent_at} css={{ color: SURFACE.muted }}>
              {new Date(enquiry.sent_at).toLocaleString('en-AU', {
                dateStyle: 'medium',
                timeStyle: 'short',
                timeZone: dealerTimeZone(tenant.contact),
              })}
            </time>
          </li>
        ))}
      </ol>
    );
  })();
  return <div data-boundary="mf-leads">{body}</div>;
}
