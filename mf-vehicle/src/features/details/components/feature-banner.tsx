import { css } from '@emotion/react';
import { paths, SURFACE, useTenant } from '@forecourt/shared-config';

/** Spec §2: 'Feature banner with three items: See our latest offers; Book your service online (Save time and book online); Sell your car (Get an instant offer in 2 minutes).' */
export const FEATURE_BANNER = [
  { title: 'See our latest offers', text: 'Specials across new, used and demo stock', href: paths.specialOffers() },
  { title: 'Book your service online', text: 'Save time and book online', href: '/service' },
  { title: 'Sell your car', text: 'Get an instant offer in 2 minutes', href: paths.sellMyCar() },
] as const;

export function FeatureBanner() {
  const tenant = useTenant();
  return (
    <nav aria-label="More from us" css={css`label: mf-vehicle-feature-banner; margin-top: 2rem;`}>
      <ul css={css`display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 0.75rem; list-style: none; margin: 0; padding: 0;`}>
        {FEATURE_BANNER.map((item) => (
          <li key={item.title}>
            <a href={item.href} css={css`display: block; height: 100%; padding: 1rem 1.25rem; border-radius: ${SURFACE.radius}; border: 1px solid ${SURFACE.border}; text-decoration: none; color: #101828; border-left: 4px solid ${tenant.theme.accent}; &:hover { border-color: ${tenant.theme.primary}; }`}>
              <strong css={{ display: 'block', color: tenant.theme.primary }}>{item.title}</strong>
              <span css={{ fontSize: '0.9rem', color: SURFACE.muted }}>{item.text}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
