import {
  DEFAULT_FRAGMENT_TIMEOUT_MS,
  failurePolicy,
  mediaAt,
  priceDisplay,
  type PublicTenantConfig,
  RemoteFragment,
  useTenant,
} from '@forecourt/shared-config';
import type { LeadCar, LeadDialogProps } from '@forecourt/shared-config/leads';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { VehicleSummary } from '../../../contract';

/** The other teams' exposed dialogs this page opens: mf-leads's four and mf-finance's finance popup. */
export type LeadDialogName =
  'EnquireDialog' | 'TestDriveDialog' | 'RequestPhotosDialog' | 'FindSimilarDialog' | 'FinanceDialog';

const DIALOG_MODULE: Record<LeadDialogName, `mf_${string}/${string}`> = {
  EnquireDialog: 'mf_leads/EnquireDialog',
  TestDriveDialog: 'mf_leads/TestDriveDialog',
  RequestPhotosDialog: 'mf_leads/RequestPhotosDialog',
  FindSimilarDialog: 'mf_leads/FindSimilarDialog',
  // Its props add the price (the quick estimate starts from it), the vin and the car's own finance
  // quote (with one, the popup shows it and asks the partner for none) to LeadDialogProps.
  FinanceDialog: 'mf_finance/FinanceDialog',
};

type Open = (name: LeadDialogName, trigger: HTMLElement | null) => void;

const LeadDialogsContext = createContext<Open | null>(null);

/** The car as the lead dialogs take it (shared-config's LeadCar contract). */
export function leadCar(car: VehicleSummary, pricing: PublicTenantConfig['pricing']): LeadCar {
  const first = car.images[0];
  return {
    id: car.id,
    slug: car.slug,
    name: car.name,
    make: car.make,
    model: car.model,
    year: car.year,
    car_type: car.car_type === 'new' || car.car_type === 'demo' ? car.car_type : 'used',
    status: car.status,
    stocknum: car.stocknum,
    dealership_slug: car.dealership_slug,
    price_text: priceDisplay(car, pricing).text,
    image: first ? mediaAt(first, 200) : null,
    location: {
      id: car.location.id,
      slug: car.location.slug,
      name: car.location.name,
      distribution_locations: car.location.distribution_locations,
    },
  };
}

/**
 * Hosts the dialogs that open over the page (spec §2: Test drive, Enquire Now, Request Photos,
 * Find Me Something Similar for a sold car; the finance popup). A dialog is loaded through the fragment loader the
 * first time a button asks for it, and stays mounted here, outside the sticky bar that may come
 * and go under it; focus goes back to the button that opened it.
 */
export function LeadDialogsHost({ car, children }: { car: VehicleSummary; children: ReactNode }) {
  const [loaded, setLoaded] = useState<LeadDialogName[]>([]);
  const [openName, setOpenName] = useState<LeadDialogName | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const open = useCallback<Open>((name, element) => {
    trigger.current = element;
    setLoaded((names) => (names.includes(name) ? names : [...names, name]));
    setOpenName(name);
  }, []);
  const { pricing } = useTenant();
  const dialogCar = useMemo(() => leadCar(car, pricing), [car, pricing]);
  return (
    <LeadDialogsContext.Provider value={open}>
      {children}
      {loaded.map((name) => (
        <RemoteFragment<LeadDialogProps & { price?: number; vin?: string; financeQuoteWeekly?: number | null }>
          key={name}
          id={DIALOG_MODULE[name]}
          // The shopper asked for this form: it may take as long as the platform's default
          // fragment wait, even on a page whose policy gives embedded fragments less.
          timeoutMs={Math.max(failurePolicy().fragmentTimeoutMs, DEFAULT_FRAGMENT_TIMEOUT_MS)}
          // Asked for by the shopper's click, wherever the host sits in the page.
          load="now"
          props={{
            car: dialogCar,
            open: openName === name,
            onOpenChange: (isOpen) => setOpenName(isOpen ? name : null),
            returnFocusTo: trigger,
            ...(name === 'FinanceDialog'
              ? { price: car.price, vin: car.vin, financeQuoteWeekly: car.finance_quote_weekly }
              : {}),
          }}
          // A dialog that cannot load sends the shopper to the same form's page (the link's own
          // address) rather than leaving the click without an answer.
          onFailed={() => {
            const link = trigger.current;
            if (openName === name && link instanceof HTMLAnchorElement) window.location.assign(link.href);
          }}
        />
      ))}
    </LeadDialogsContext.Provider>
  );
}

/**
 * A button that opens one of the dialogs. It is a link to the same form's page, so it works
 * before the page's script has run (and wherever no host is around it).
 */
export function LeadDialogLink({
  dialog,
  href,
  className,
  children,
}: {
  dialog: LeadDialogName;
  href: string;
  className?: string;
  children: ReactNode;
}) {
  const open = useContext(LeadDialogsContext);
  const ref = useRef<HTMLAnchorElement>(null);
  return (
    <a
      ref={ref}
      href={href}
      className={className}
      aria-haspopup="dialog"
      onClick={(event) => {
        if (!open || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        open(dialog, ref.current);
      }}
    >
      {children}
    </a>
  );
}
