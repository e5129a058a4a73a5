import { css } from '@emotion/react';
import { SURFACE, useTenant } from '@forecourt/shared-config';
import { featureBannerItems } from '@forecourt/shared-config/promotions';

/** The vehicle page's feature banner (spec §2), on sites whose footer does not show it already. */
export function FeatureBanner() {
  const tenant = useTenant();
  return (
    <nav
      aria-label="More from us"
      css={css`
        label: mf-vehicle-feature-banner;
        margin-top: 2rem;
      `}
    >
      <ul
        css={css`
          display: grid;
          grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
          gap: 0.75rem;
          list-style: none;
          margin: 0;
          padding: 0;
        `}
      >
        {featureBannerItems(tenant).map((item) => (
          <li key={item.title}>
            <a
              href={item.href}
              css={css`
                display: block;
                height: 100%;
                padding: 1rem 1.25rem;
                border-radius: ${SURFACE.radius};
                border: 1px solid ${SURFACE.border};
                text-decoration: none;
                color: ${SURFACE.text};
                border-left: 4px solid ${tenant.theme.accent};
                &:hover {
                  border-color: ${tenant.theme.primary};
                }
              `}
            >
              <strong css={{ display: 'block', color: tenant.theme.primary }}>{item.title}</strong>
              <span css={{ fontSize: '0.9rem', color: SURFACE.muted }}>{item.text}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
