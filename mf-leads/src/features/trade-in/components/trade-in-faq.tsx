import { css } from '@emotion/react';
import { SURFACE, useTenant } from '@forecourt/shared-config';
import { useId } from 'react';
import { tradeInGuidance } from '../lib/valuation';

/**
 * The trade-in and sell-your-car FAQ accordion (spec §2). Native details/summary: keyboard and
 * screen-reader support come with the element, and it works before any script runs.
 */
export function TradeInFaq() {
  const tenant = useTenant();
  const headingId = useId();
  const faqs = [
    {
      q: 'How is my online valuation worked out?',
      a: 'From what cars like yours are selling for on the market today, adjusted for the kilometres, the condition, the service history and the answers you give. It is an estimate until we inspect the car.',
    },
    {
      q: 'Will the offer change when you see the car?',
      a: 'Only if the car is not as described. Most offers stay within the range we show you.',
    },
    {
      q: 'Why did I not get an online offer?',
      a: `${tradeInGuidance()} We will call you to arrange a valuation instead.`,
    },
    {
      q: 'Do I have to buy a car from you?',
      a: `No. ${tenant.name} buys cars outright, or you can put the offer towards your next car.`,
    },
    {
      q: 'What if I still owe money on my car?',
      a: 'We can pay out your finance company as part of the deal. Bring your latest payout letter.',
    },
    {
      q: 'What do I need to bring?',
      a: 'The registration papers, the service book, all the keys, and photo ID for every owner.',
    },
  ];
  return (
    <section aria-labelledby={headingId} css={{ marginTop: '2rem' }}>
      <h2 id={headingId} css={{ fontSize: '1.25rem', margin: '0 0 0.75rem' }}>
        Frequently asked questions
      </h2>
      <div
        css={css`
          border: 1px solid ${SURFACE.border};
          border-radius: ${SURFACE.radius};
        `}
      >
        {faqs.map((faq, index) => (
          <details
            key={faq.q}
            css={css`
              border-top: ${index === 0 ? '0' : `1px solid ${SURFACE.border}`};
              summary {
                cursor: pointer;
                padding: 0.85rem 1rem;
                font-weight: 600;
                min-height: 2.75rem;
                box-sizing: border-box;
              }
              p {
                margin: 0;
                padding: 0 1rem 1rem;
              }
            `}
          >
            <summary>{faq.q}</summary>
            <p>{faq.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
