import { css } from '@emotion/react';
import { isInStock, paths, readableTextOn, siteOffersFinance, SURFACE, useTenant } from '@forecourt/shared-config';
import { Tabs } from '@forecourt/shared-config/tabs';
import { useId, useState } from 'react';
import type { VehicleSummary } from '../../../contract';
import { commentParagraphs, COMMENTS_PENDING, shortComments } from '../../../lib/dealer-comments';
import { MONEY_BACK_PROMISE, returnPromiseConditions } from '@forecourt/shared-config/used-car-promise';
import { protectTabLabel } from '../../../lib/item-copy';
import { reserveButtonText, reserveCopy, warrantyText } from '../../../lib/reserve-copy';

/** Spec §9: 'feature list 8 items by default'. */
export const FEATURES_SHOWN = 8;

/** The dealer's comments: paragraphs split on '|', cut at 400 characters with Show more / Show less, or the pending text. */
function DealerComments({ text }: { text: string }) {
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const paragraphs = commentParagraphs(text);
  const short = shortComments(paragraphs);
  const shown = open ? paragraphs : short.paragraphs;
  return (
    <div
      css={css`
        label: mf-vehicle-comments;
      `}
    >
      <div id={bodyId} data-dealer-text={paragraphs.length > 0 || undefined}>
        {paragraphs.length === 0 ? (
          <p css={{ margin: 0, color: SURFACE.muted }}>{COMMENTS_PENDING}</p>
        ) : (
          shown.map((paragraph, i) => (
            <p key={i} css={{ margin: '0 0 0.5rem' }}>
              {paragraph}
            </p>
          ))
        )}
      </div>
      {short.cut && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((v) => !v)}
          css={{
            font: 'inherit',
            padding: 0,
            border: 0,
            background: 'none',
            textDecoration: 'underline',
            cursor: 'pointer',
          }}
        >
          {open ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}

function FeatureList({ features }: { features: readonly string[] }) {
  const listId = useId();
  const [all, setAll] = useState(false);
  const shown = all ? features : features.slice(0, FEATURES_SHOWN);
  return (
    <div>
      <ul
        id={listId}
        css={css`
          columns: 2 14rem;
          margin: 0;
          padding-left: 1.2rem;
          li {
            margin-bottom: 0.3rem;
          }
        `}
      >
        {shown.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {features.length > FEATURES_SHOWN && (
        <button
          type="button"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll((v) => !v)}
          css={{
            marginTop: '0.5rem',
            font: 'inherit',
            fontWeight: 600,
            padding: 0,
            border: 0,
            background: 'none',
            textDecoration: 'underline',
            cursor: 'pointer',
          }}
        >
          {all ? 'Show fewer features' : `Show all ${features.length} features`}
        </button>
      )}
    </div>
  );
}

/**
 * The tabbed sections (spec §2): Dealer Comments, What's Included, Why Buy From Us?, Reserve Online
 * (where online checkout is on and the car is in stock), Protect Your Car, Features (only when
 * the car lists any). The copy of the middle tabs is the platform's (the spec does not give it):
 * what a dealer's site says on these tabs, with the site's own warranty years, deposit and
 * used-car promise.
 */
export function InfoTabs({ car }: { car: VehicleSummary }) {
  const tenant = useTenant();
  const noun = tenant.search.itemNoun;
  const settings = tenant.vehicle;
  const years = settings.warrantyYears[car.car_type === 'new' ? 'new' : car.car_type === 'demo' ? 'demo' : 'used'];
  const used = car.car_type === 'used';
  const conditions = returnPromiseConditions(car.item_type);
  const offersFinance = siteOffersFinance(tenant);
  const tabs = [
    { value: 'comments', label: 'Dealer Comments', content: <DealerComments text={car.dealer_comments} /> },
    {
      value: 'included',
      label: "What's Included",
      content: (
        <ul css={{ margin: 0, paddingLeft: '1.2rem' }}>
          <li>{`${warrantyText(years)} for peace of mind`}</li>
          <li>{`A full multi-point inspection before the ${noun} is delivered`}</li>
          {/* A site without finance names none, even as a debt on a title. */}
          <li>{`A clean title: checked free of ${offersFinance ? 'finance' : 'money'} owing and write-offs`}</li>
          {used && settings.usedCarPromise === 'money-back' && <li>{MONEY_BACK_PROMISE}</li>}
          {used && settings.usedCarPromise === 'return' && (
            <li>{`Our ${conditions.length}-point return promise (see Why Buy From Us?)`}</li>
          )}
        </ul>
      ),
    },
    {
      value: 'why',
      label: 'Why Buy From Us?',
      content: (
        <div>
          <p
            css={{ margin: '0 0 0.5rem' }}
          >{`${tenant.name} has sold ${noun}s in ${tenant.contact.city} for years, and we want you back for the next one.`}</p>
          {used && settings.usedCarPromise === 'return' ? (
            <>
              <p css={{ margin: '0 0 0.25rem', fontWeight: 600 }}>{`Change your mind? Return the ${noun} if it is:`}</p>
              <ul css={{ margin: 0, paddingLeft: '1.2rem' }}>
                {conditions.map((condition) => (
                  <li key={condition}>{condition}</li>
                ))}
              </ul>
            </>
          ) : used ? (
            <p css={{ margin: 0 }}>{MONEY_BACK_PROMISE}.</p>
          ) : (
            <p
              css={{ margin: 0 }}
            >{`${warrantyText(years)}, servicing by factory-trained technicians${offersFinance ? ' and finance arranged in house' : ''}.`}</p>
          )}
        </div>
      ),
    },
    ...(settings.onlineCheckout && isInStock(car.status)
      ? [
          {
            value: 'reserve',
            label: 'Reserve Online',
            content: (
              <div>
                <p css={{ margin: '0 0 0.75rem' }}>{reserveCopy(settings.reserveDeposit, noun)}</p>
                <a
                  href={paths.checkout(car.slug, tenant.vehicle.checkoutPath)}
                  css={css`
                    display: inline-block;
                    padding: 0.55rem 1rem;
                    border-radius: 6px;
                    font-weight: 600;
                    text-decoration: none;
                    color: ${readableTextOn(tenant.theme.primary)};
                    background: ${tenant.theme.primary};
                  `}
                >
                  {reserveButtonText(settings.reserveDeposit, car.item_type)}
                </a>
              </div>
            ),
          },
        ]
      : []),
    {
      value: 'protect',
      label: protectTabLabel(car.item_type),
      content: (
        <div>
          <p css={{ margin: '0 0 0.5rem' }}>{`Keep your ${noun} like new and your costs predictable:`}</p>
          <ul css={{ margin: '0 0 0.5rem', paddingLeft: '1.2rem' }}>
            <li>Extended warranty beyond the standard cover</li>
            <li>Paint, fabric and leather protection</li>
            <li>Comprehensive insurance and gap cover, quoted on the day</li>
          </ul>
          {tenant.features['mf-leads'] && (
            <a href={`${paths.contact()}?car_id=${encodeURIComponent(car.id)}`}>Ask us about protection</a>
          )}
        </div>
      ),
    },
    ...(car.features.length > 0
      ? [{ value: 'features', label: 'Features', content: <FeatureList features={car.features} /> }]
      : []),
  ];
  return (
    <section
      aria-label={`About this ${noun}`}
      css={css`
        label: mf-vehicle-info-tabs;
        margin-top: 1.5rem;
      `}
    >
      <Tabs label={`About this ${noun}`} tabs={tabs} />
    </section>
  );
}
