import { css } from '@emotion/react';
import { mediaAt, SURFACE, useTenant } from '@forecourt/shared-config';
import type { VehicleSummary } from '../../../contract';

/**
 * The optional custom slider (spec §2, 'optional custom slider'): on sites that switch it on
 * (`vehicle.customSlider`), the site's own slides (its offers and services) under the car's
 * gallery, a row that scrolls sideways, each a link. The spec names the part only; this is what a
 * dealer puts there.
 */
export function CustomSlider({ slides }: { slides: VehicleSummary['custom_slides'] }) {
  const tenant = useTenant();
  if (slides.length === 0) return null;
  return (
    <section
      aria-label={`From ${tenant.name}`}
      css={css`
        label: mf-vehicle-custom-slider;
        margin-top: 1rem;
      `}
    >
      <ul
        css={css`
          display: grid;
          grid-auto-flow: column;
          grid-auto-columns: minmax(14rem, 1fr);
          gap: 0.75rem;
          overflow-x: auto;
          list-style: none;
          margin: 0;
          padding: 0 0 0.25rem;
          scroll-snap-type: x mandatory;
        `}
      >
        {slides.map((slide) => (
          <li key={slide.url + slide.name} css={{ scrollSnapAlign: 'start' }}>
            <a
              href={slide.url}
              css={css`
                display: block;
                height: 100%;
                border: 1px solid ${SURFACE.border};
                border-radius: ${SURFACE.radius};
                overflow: hidden;
                text-decoration: none;
                color: ${SURFACE.text};
              `}
            >
              <img
                src={mediaAt(slide.image, 400)}
                alt=""
                width={400}
                height={133}
                loading="lazy"
                css={{ width: '100%', height: 'auto', aspectRatio: '3 / 1', objectFit: 'cover', display: 'block' }}
              />
              <span css={{ display: 'block', padding: '0.5rem 0.75rem' }}>
                <strong css={{ display: 'block', color: tenant.theme.primary }}>{slide.name}</strong>
                <span css={{ fontSize: '0.875rem', color: SURFACE.muted }}>{slide.description}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
