import { css } from '@emotion/react';
import { SURFACE, capitalise, useTenant } from '@forecourt/shared-config';
import { Dialog } from '@forecourt/shared-config/dialog';
import type { LeadCar, LeadDialogProps } from '@forecourt/shared-config/leads';
import type { ReactNode } from 'react';

/** The car a dialog is about, at its top (spec: 'Test drive dialog: car summary and a two-step form'). */
export function CarSummary({ car }: { car: LeadCar }) {
  const tenant = useTenant();
  return (
    <div
      css={css`
        label: mf-leads-car-summary;
        display: flex;
        gap: 0.85rem;
        align-items: center;
        padding: 0.65rem;
        margin: 0 0 1rem;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
        background: ${SURFACE.panel};
      `}
    >
      {car.image && (
        <img
          src={car.image}
          alt=""
          width={96}
          height={72}
          css={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 6, flex: 'none' }}
        />
      )}
      <div css={{ minWidth: 0 }}>
        <p css={{ margin: 0, fontWeight: 700 }}>{car.name}</p>
        <p css={{ margin: '0.15rem 0 0', fontWeight: 600 }}>{car.price_text}</p>
        <p css={{ margin: '0.15rem 0 0', color: SURFACE.muted, fontSize: '0.875rem' }}>
          {`${capitalise(car.car_type)} ${tenant.search.itemNoun}`}
          {car.stocknum ? ` · Stock no. ${car.stocknum}` : ''}
        </p>
      </div>
    </div>
  );
}

/** A lead dialog: the shared modal (focus trapped, Escape closes, focus returned), the car, the form. */
export function LeadDialog({
  title,
  car,
  open,
  onOpenChange,
  returnFocusTo,
  children,
}: LeadDialogProps & { title: string; children: ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} {...(returnFocusTo ? { returnFocusTo } : {})}>
      <div data-boundary="mf-leads">
        <CarSummary car={car} />
        {children}
      </div>
    </Dialog>
  );
}
