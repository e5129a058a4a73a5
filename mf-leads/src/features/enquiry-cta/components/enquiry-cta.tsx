import { css } from '@emotion/react';
import { FragmentCard, paths, readableTextOn, useTenant } from '@forecourt/shared-config';
import { withCarId } from '../../../lib/car-id';
import { visitCopy } from '../../../lib/visit-copy';

export interface EnquiryCtaProps {
  /** The car the enquiry is about; passed on to the contact and test-drive pages. */
  carId?: string;
  /** The card's heading; defaults to one that names the car or the dealer. */
  label?: string;
}

/** The exposed `mf_leads/EnquiryCta` fragment: a card that leads to an enquiry or a test drive. */
export default function EnquiryCta({ carId, label }: EnquiryCtaProps) {
  const tenant = useTenant();
  const heading = label?.trim() || (carId ? `Interested in this ${tenant.search.itemNoun}?` : `Talk to ${tenant.name}`);
  return (
    <FragmentCard team="mf-leads" heading={heading}>
      <ul
        css={css`
          label: mf-leads-enquiry-cta-links;
          display: flex;
          flex-wrap: wrap;
          gap: 0.75rem;
          list-style: none;
          margin: 0;
          padding: 0;
        `}
      >
        <li>
          <a
            href={withCarId(paths.contact(), carId)}
            css={css`
              label: mf-leads-enquiry-cta-primary;
              display: inline-block;
              padding: 0.6rem 1rem;
              color: ${readableTextOn(tenant.theme.primary)};
              background: ${tenant.theme.primary};
              border-radius: 6px;
              font-weight: 600;
              text-decoration: none;
            `}
          >
            Enquire now
          </a>
        </li>
        <li>
          <a href={withCarId(paths.bookTestDrive(), carId)} css={{ display: 'inline-block', padding: '0.6rem 0' }}>
            {visitCopy(tenant.search.itemNoun).heading}
          </a>
        </li>
      </ul>
    </FragmentCard>
  );
}
