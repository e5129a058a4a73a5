import { paths, RemoteFragment, SURFACE, useTenant } from '@forecourt/shared-config';
import { lastLead } from '@forecourt/shared-config/leads';
import { useParams, useSearchParams } from '@forecourt/shared-config/router';
import { useState } from 'react';
import { readCarId } from '../../../lib/car-id';
import { enquiryTopics } from '../../../lib/enquiry-topics';
import { visitCopy } from '../../../lib/visit-copy';
import { CareersForm } from '../../lead-forms/components/careers-form';
import { EnquiryForm } from '../../lead-forms/components/enquiry-form';
import { ServiceForm } from '../../lead-forms/components/service-form';
import { ManufacturerService } from '../../service-booking/components/manufacturer-service';
import { FIND_SIMILAR_MESSAGE, FIND_SIMILAR_SUBCATEGORY } from '../../lead-forms/lib/lead-schema';
import { TestDriveForm } from '../../test-drive/components/test-drive-form';
import { TradeInFaq } from '../../trade-in/components/trade-in-faq';
import { TradeInWizard } from '../../trade-in/components/trade-in-wizard';
import { DealerAside, LeadPageLayout } from './lead-page-layout';

/**
 * `/book-test-drive/` (its own page, spec), about `?car_id=` when there is one. A caravan yard
 * answers it too, as a booked inspection (`visitCopy`): a shopper there still comes to see a van
 * before buying, so the address is kept, in the yard's words, rather than made a 404.
 */
export function TestDrivePage() {
  const tenant = useTenant();
  const copy = visitCopy(tenant.search.itemNoun);
  const [query] = useSearchParams();
  const carId = readCarId(query);
  return (
    <LeadPageLayout heading={copy.heading} intro={copy.intro(tenant.name)} carId={carId}>
      <TestDriveForm carId={carId} />
    </LeadPageLayout>
  );
}

/**
 * A site without the online valuation (tenant `leads.tradeIn` off): its trade-in and
 * sell-your-car addresses still answer, since old links and bookmarks lead there, with one page
 * in the site's words. A real yard of that kind (Coastal Caravans) still buys used stock and
 * takes the shopper's old one as part of a deal, but only after inspecting it in person: so the
 * page asks for the item to inspect and promises no trade-in service (no 'Trade-in' category, no
 * online estimate, which would be an offer this dealer does not make). Not a 404: the dealer
 * does want to hear about the shopper's van.
 */
function InPersonValuationPage({ carId = null }: { carId?: string | null }) {
  const tenant = useTenant();
  const noun = tenant.search.itemNoun;
  return (
    <LeadPageLayout
      heading={`Sell your ${noun}`}
      intro={`${tenant.name} values every ${noun} in person, with an inspection at our yard, whether you sell it to us or put it towards your next one. Tell us about yours and we will call you to arrange a time.`}
      carId={carId}
    >
      <EnquiryForm
        label="Valuation enquiry"
        subcategory={IN_PERSON_VALUATION_SUBCATEGORY}
        car={carId ? { id: carId, slug: '', name: '' } : null}
        withRego
      />
    </LeadPageLayout>
  );
}

/** The valuation enquiry's subcategory, which routes it to the dealer's buyer. */
const IN_PERSON_VALUATION_SUBCATEGORY = 'In-person valuation';

/** `/trade-in` and `/cars/trade-in?car_id=` (the car the shopper wants to trade towards). */
export function TradeInPage() {
  const tenant = useTenant();
  const [query] = useSearchParams();
  const carId = readCarId(query);
  if (!tenant.leads.tradeIn) return <InPersonValuationPage carId={carId} />;
  return (
    <LeadPageLayout
      heading="Trade-in valuation"
      intro={`Find out what your car is worth as a trade-in at ${tenant.name}. It takes about 2 minutes.`}
      carId={carId}
    >
      <TradeInWizard variant="trade-in" carId={carId} />
      <TradeInFaq />
    </LeadPageLayout>
  );
}

/** `/sell-my-car` and `/sell-your-car`. */
export function SellCarPage() {
  const tenant = useTenant();
  if (!tenant.leads.tradeIn) return <InPersonValuationPage />;
  return (
    <LeadPageLayout
      heading="Sell your car"
      intro={`Get an instant offer in 2 minutes. ${tenant.name} buys all types of cars, and our high turnover means we can pay more.`}
    >
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
        {...(similar
          ? {
              form: 'find-similar' as const,
              initialMessage: FIND_SIMILAR_MESSAGE,
              subcategory: FIND_SIMILAR_SUBCATEGORY,
            }
          : {})}
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
    <LeadPageLayout
      heading="Careers"
      intro={`We are always looking for people who love ${tenant.search.itemNoun}s and looking after customers. Tell us about yourself and the role you are after.`}
    >
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
      <p role="status">
        {car
          ? `Your enquiry about the ${car.name} has been sent to ${tenant.name}.`
          : `Your enquiry has been sent to ${tenant.name}.`}{' '}
        We will be in touch soon.
      </p>
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
