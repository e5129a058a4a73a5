import { css } from '@emotion/react';
import { SURFACE } from '@forecourt/shared-config';
import { Dialog } from '@forecourt/shared-config/dialog';
import type { LeadDialogProps } from '@forecourt/shared-config/leads';
import { useMemo } from 'react';
import type { FinanceEnquiryCar } from '../../finance-enquiry/api/enquiry';
import { FinanceEnquiryForm } from '../../finance-enquiry/components/finance-enquiry-form';
import { readFinanceQuery } from '../../finance-enquiry/lib/finance-query';

/** What the popup needs on top of the lead dialogs' props: the car's price and vin for the quote. */
export interface FinanceDialogProps extends LeadDialogProps {
  price?: number | null;
  vin?: string | null;
  nvic?: string | null;
  /** The weekly figure of the finance quote the car already has: the popup shows it and asks the partner for none (spec). */
  financeQuoteWeekly?: number | null;
}

/**
 * The exposed `mf_finance/FinanceDialog`: the finance enquiry as a popup (spec: 'A popup variant
 * has four step labels: Quick Estimate, Your Details, Instant pre-approval, Apply to lender'),
 * for a car. Its quote failures are silent (spec: on the vehicle page). The page keeps its own
 * button and opens the dialog; focus goes back to `returnFocusTo` when it closes.
 */
export default function FinanceDialog({
  car,
  open,
  onOpenChange,
  returnFocusTo,
  price,
  vin,
  nvic,
  financeQuoteWeekly,
}: FinanceDialogProps) {
  const query = useMemo(
    () => readFinanceQuery(new URLSearchParams(price && price > 10 ? { vehiclePriceBudget: String(price) } : {})),
    [price],
  );
  const enquiryCar: FinanceEnquiryCar = {
    id: car.id,
    slug: car.slug,
    name: car.name,
    price: price ?? 0,
    vin: vin ?? null,
    nvic: nvic ?? null,
    year: car.year ?? new Date().getFullYear(),
    dealership_slug: car.dealership_slug,
    car_type: car.car_type,
    ...(financeQuoteWeekly !== undefined ? { finance_quote_weekly: financeQuoteWeekly } : {}),
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Get Finance" {...(returnFocusTo ? { returnFocusTo } : {})}>
      <div data-boundary="mf-finance">
        <p
          css={css`
            label: mf-finance-dialog-car;
            margin: 0 0 1rem;
            padding: 0.65rem;
            border: 1px solid ${SURFACE.border};
            border-radius: ${SURFACE.radius};
            background: ${SURFACE.panel};
          `}
        >
          <strong>{car.name}</strong>
          <br />
          {car.price_text}
        </p>
        <FinanceEnquiryForm query={query} car={enquiryCar} variant="popup" />
      </div>
    </Dialog>
  );
}
