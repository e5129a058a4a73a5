import { css } from '@emotion/react';
import { FragmentCard, readableTextOn, useTenant } from '@forecourt/shared-config';
import { Dialog } from '@forecourt/shared-config/dialog';
import { lazy, Suspense, useRef, useState } from 'react';
import { enquiryTopics } from '../../../lib/enquiry-topics';

// The form (and the form kit under it) loads when the shopper asks for it, so a page that shows
// this card does not carry a form it may never open.
const QuickEnquiryForm = lazy(() => import('./quick-enquiry-form'));

/** No props: other teams pass `{}` through RemoteFragment. */
export type QuickEnquiryProps = Record<string, never>;

/** The exposed `mf_leads/QuickEnquiry` fragment: a card that opens the quick enquiry in a dialog. */
export default function QuickEnquiry(_props: QuickEnquiryProps) {
  const tenant = useTenant();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <FragmentCard team="mf-leads" heading="Have a question?">
      <p
        css={{ margin: '0 0 0.75rem' }}
      >{`Ask ${tenant.name} anything about ${enquiryTopics(tenant, [`our ${tenant.search.itemNoun}s`])}. We usually reply within one business day.`}</p>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        css={css`
          label: mf-leads-quick-enquiry;
          font: inherit;
          font-weight: 600;
          min-height: 2.75rem;
          padding: 0.6rem 1rem;
          border-radius: 6px;
          border: 1px solid ${tenant.theme.primary};
          background: ${tenant.theme.primary};
          color: ${readableTextOn(tenant.theme.primary)};
          cursor: pointer;
        `}
      >
        Ask a Quick Question
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Quick enquiry" returnFocusTo={button}>
        <Suspense fallback={<p role="status">Loading the form…</p>}>{open && <QuickEnquiryForm />}</Suspense>
      </Dialog>
    </FragmentCard>
  );
}
