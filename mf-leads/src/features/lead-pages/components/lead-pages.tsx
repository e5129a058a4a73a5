import { paths, RemoteFragment, SURFACE, useTenant } from '@forecourt/shared-config';
import { lastLead } from '@forecourt/shared-config/leads';
import { useParams, useSearchParams } from '@forecourt/shared-config/router';
import { useState } from 'react';
import { readCarId } from '../../../lib/car-id';
import { enquiryTopics } from '../../../lib/enquiry-topics';
import { CareersForm } from '../../lead-forms/components/careers-form';
import { EnquiryForm } from '../../lead-forms/components/enquiry-form';
import { ServiceForm } from '../../lead-forms/components/service-form';
import { ManufacturerService } from '../../service-booking/components/manufacturer-service';
import { FIND_SIMILAR_MESSAGE, FIND_SIMILAR_SUBCATEGORY } from '../../lead-forms/lib/lead-schema';
import { TestDriveForm } from '../../test-drive/components/test-drive-form';
import { TradeInFaq } from '../../trade-in/components/trade-in-faq';
import { TradeInWizard } from '../../trade-in/components/trade-in-wizard';
import { DealerAside, LeadPageLayout } from './lead-page-layout';

/** `/book-test-drive/` (its own page, spec), about `?car_id=` when there is one. */
export function TestDrivePage() {
  const tenant = useTenant();
  const [query] = useSearchParams();
  const carId = readCarId(query);
  return (
    <LeadPageLayout heading="Book a test drive" intro={`Choose a time to drive your next ${tenant.search.itemNoun} at ${tenant.name}. We will confirm it with you.`} carId={carId}>
      <TestDriveForm carId={carId} />
    </LeadPageLayout>
  );
}

/**
 * A site without the online valuation (tenant `leads.tradeIn` off): its trade-in and
 * sell-your-car addresses still answer, since old links, bookmarks and the 'We Want Your Car!'
 * card lead there, with a trade-in enquiry the dealer's buyer follows up to value the car in
 * person. Not a 404 (the dealer still takes trade-ins) and not the wizard (its estimate would be
 * an offer this dealer does not make).
 */
function TradeInEnquiry({ carId = null }: { carId?: string | null }) {
  return <EnquiryForm label="Trade-in enquiry" category="Trade-in" car={carId ? { id: carId, slug: '', name: '' } : null} withRego />;
}

/** `/trade-in` and `/cars/trade-in?car_id=` (the car the shopper wants to trade towards). */
export function TradeInPage() {
  const tenant = useTenant();
  const [query] = useSearchParams();
  const carId = readCarId(query);
  if (!tenant.leads.tradeIn) {
    return (
      <LeadPageLayout heading="Trade-in valuation" intro={`${tenant.name} values trade-ins in person. Tell us about your ${tenant.search.itemNoun} and we will call you to arrange a time.`} carId={carId}>
        <TradeInEnquiry carId={carId} />
      </LeadPageLayout>
    );
  }
  return (
    <LeadPageLayout heading="Trade-in valuation" intro={`Find out what your car is worth as a trade-in at ${tenant.name}. It takes about 2 minutes.`} carId={carId}>
      <TradeInWizard variant="trade-in" carId={carId} />
      <TradeInFaq />
    </LeadPageLayout>
  );
}

/** `/sell-my-car` and `/sell-your-car`. */
export function SellCarPage() {
  const tenant = useTenant();
  if (!tenant.leads.tradeIn) {
    return (
      <LeadPageLayout heading="Sell your car" intro={`${tenant.name} buys ${tenant.search.itemNoun}s after seeing them in person. Tell us about yours and we will call you to arrange a time.`}>
        <TradeInEnquiry />
      </LeadPageLayout>
    );
  }
  return (
    <LeadPageLayout heading="Sell your car" intro={`Get an instant offer in 2 minutes. ${tenant.name} buys all types of cars, and our high turnover means we can pay more.`}>
      <TradeInWizard variant="sell" />
      <TradeInFaq />
    </LeadPageLayout>
  );
}

/**
 * `/contact`, `/contact-us` and `/contact-us/{location slug}`: the enquiry, with the location's
 * (or the dealer's) card from mf-locations beside it. `?car_id=` makes it about a car;
 * `?type=similar` (the sold car's button without script) prefills the find-similar request.
 */
export function ContactPage() {
  const tenant = useTenant();
  const { slug } = useParams();
  const [query] = useSearchParams();
  const carId = readCarId(query);
  const similar = query.get('type') === 'similar';
  return (
    <LeadPageLayout
      heading="Contact us"
      intro={`Ask ${tenant.name} about ${enquiryTopics(tenant, ['our stock'], ['servicing'])}. We usually reply within one business day.`}
      carId={carId}
      aside={<DealerAside {...(slug ? { locationSlug: slug } : {})} />}
    >
      <EnquiryForm
        car={carId ? { id: carId, slug: '', name: '' } : null}
        withRego={!carId}
        {...(similar ? { form: 'find-similar' as const, initialMessage: FIND_SIMILAR_MESSAGE, subcategory: FIND_SIMILAR_SUBCATEGORY } : {})}
      />
    </LeadPageLayout>
  );
}

/**
 * `/service`: the platform's booking request, which the service team confirms by phone; on a
 * site whose manufacturer takes its bookings (`leads.manufacturerService`), the hand-off to the
 * manufacturer's booking first, and the request for other makes below it.
 */
export function ServicePage() {
  const tenant = useTenant();
  const manufacturer = tenant.leads.manufacturerService;
  return (
    <LeadPageLayout
      heading="Book a service"
      intro={
        manufacturer
          ? `Save time and book your ${manufacturer.make} service online with ${tenant.name}. For any other make, send us a booking request and our service team will call to confirm the day and time.`
          : `Save time and book your service online with ${tenant.name}. Our service team will call to confirm the day and time.`
      }
    >
      {manufacturer && <ManufacturerService make={manufacturer.make} url={manufacturer.url} />}
      {manufacturer && <h2 css={{ fontSize: '1.25rem', margin: '0 0 0.75rem' }}>Another make? Request a booking</h2>}
      <ServiceForm />
      {/* mf-locations's block of the site's service centres, with their hours and directions. */}
      {tenant.features['mf-locations'] && (
        <div css={{ marginTop: '2rem' }}>
          <RemoteFragment id="mf_locations/LocationBlock" props={{ mode: 'service', heading: 'Our service centres' }} />
        </div>
      )}
    </LeadPageLayout>
  );
}

export function CareersPage() {
  const tenant = useTenant();
  return (
    <LeadPageLayout heading="Careers" intro={`We are always looking for people who love ${tenant.search.itemNoun}s and looking after customers. Tell us about yourself and the role you are after.`}>
      <CareersForm />
    </LeadPageLayout>
  );
}

/** `/success`: the lead was received (spec §4), about the car it was sent for when there was one. */
export function SuccessPage() {
  const tenant = useTenant();
  const [lead] = useState(lastLead);
  const car = lead?.car && lead.car.name ? lead.car : null;
  return (
    <LeadPageLayout heading="Thank you">
      <p role="status">{car ? `Your enquiry about the ${car.name} has been sent to ${tenant.name}.` : `Your enquiry has been sent to ${tenant.name}.`} We will be in touch soon.</p>
      {lead && <p css={{ color: SURFACE.muted }}>{`Reference: ${lead.leadId.slice(0, 8).toUpperCase()}`}</p>}
      <p>
        {car?.slug ? (
          <>
            <a href={paths.car(car.slug)}>Back to the {tenant.search.itemNoun}</a>
            {' · '}
          </>
        ) : null}
        <a href={paths.search()}>{`Browse our ${tenant.search.itemNoun}s`}</a>
        {' · '}
        <a href={paths.home()}>Home page</a>
      </p>
    </LeadPageLayout>
  );
}
