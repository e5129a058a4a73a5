import { paths, useTenant } from '@forecourt/shared-config';
import { useSearchParams } from '@forecourt/shared-config/router';
import { readCarId } from '../../../lib/car-id';
import { tradeInGuidance } from '../lib/lead-copy';
import { LeadPageLayout } from './lead-page-layout';

export function TestDrivePage() {
  const tenant = useTenant();
  const [query] = useSearchParams();
  const noun = tenant.search.itemNoun;
  return (
    <LeadPageLayout heading="Book a test drive" carId={readCarId(query)}>
      <p>
        Choose a time to drive your next {noun} at {tenant.name} in {tenant.contact.city}.
      </p>
      <p>
        <a href={paths.search()}>Browse our {noun}s</a>
      </p>
    </LeadPageLayout>
  );
}

export function TradeInPage() {
  const tenant = useTenant();
  const [query] = useSearchParams();
  return (
    <LeadPageLayout heading="Trade-in valuation" carId={readCarId(query)}>
      <p>Find out what your car is worth as a trade-in at {tenant.name}.</p>
      <p>{tradeInGuidance()}</p>
    </LeadPageLayout>
  );
}

export function SellCarPage() {
  const tenant = useTenant();
  return (
    <LeadPageLayout heading="Sell your car">
      <p>Get an instant offer in 2 minutes.</p>
      <p>{tenant.name} buys all types of cars, and our high turnover means we can pay more.</p>
    </LeadPageLayout>
  );
}

export function ContactPage() {
  const tenant = useTenant();
  const [query] = useSearchParams();
  return (
    <LeadPageLayout heading="Contact us" carId={readCarId(query)}>
      <p>
        Ask {tenant.name} about our stock, finance, servicing or your trade-in.
      </p>
      {tenant.features['mf-locations'] && (
        <p>
          <a href={paths.contactUs()}>Find our locations and opening hours</a>
        </p>
      )}
    </LeadPageLayout>
  );
}

export function ServicePage() {
  const tenant = useTenant();
  return (
    <LeadPageLayout heading="Book a service">
      <p>Save time and book your service online with {tenant.name}.</p>
    </LeadPageLayout>
  );
}

export function SuccessPage() {
  const tenant = useTenant();
  return (
    <LeadPageLayout heading="Thank you">
      <p>Your enquiry has been sent to {tenant.name}. We will be in touch soon.</p>
      <p>
        <a href={paths.home()}>Back to the home page</a>
      </p>
    </LeadPageLayout>
  );
}
