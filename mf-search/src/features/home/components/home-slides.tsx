import { css } from '@emotion/react';
import { alpha, media, SURFACE, useTenant } from '@forecourt/shared-config';
import { useState } from 'react';
import { useFirstPaintData } from '../../../app/first-paint';
import { useSlides, type SlideData } from '../api/slides';
import { SLIDE_IMAGE_SIZE, slideImageSources } from '../lib/slide-images';

// The box is the image's shape from the first render (the server's included), so the search below
// it never moves when the slides arrive: wide and low on a desktop, taller on a phone, where a
// 16:5 strip would leave the dealer's picture a sliver.
const frameCss = css`
  label: mf-search-slides;
  position: relative;
  aspect-ratio: 4 / 3;
  margin: 0 0 1.5rem;
  overflow: hidden;
  border-radius: ${SURFACE.radius};
  background: ${SURFACE.divider};
  ${media.md} {
    aspect-ratio: 16 / 5;
  }
`;
const fillCss = css`
  position: absolute;
  inset: 0;
`;
// The picture and its text share one grid cell, the text at the bottom: neither is positioned, so
// the heading link's stretched box below covers the whole slide.
const slideCss = css`
  display: grid;
  grid-template: 100% / 100%;
  & > * {
    grid-area: 1 / 1;
  }
`;
const imageCss = css`
  display: block;
  width: 100%;
  height: 100%;
  object-fit: cover;
`;
// Dark enough under the text for white to read on any picture the dealer chooses.
const overlayCss = css`
  align-self: end;
  padding: 3rem 1rem 1rem;
  color: ${SURFACE.onInverse};
  background: linear-gradient(
    to top,
    ${alpha(SURFACE.inverse, 88)},
    ${alpha(SURFACE.inverse, 70)} 55%,
    ${alpha(SURFACE.inverse, 0)}
  );
  ${media.md} {
    padding: 4rem 2rem 1.5rem;
  }
`;
const headingCss = css`
  margin: 0 0 0.25rem;
  font-size: 1.25rem;
  ${media.md} {
    font-size: 1.75rem;
  }
`;
// A dealer's long description is cut at three lines rather than climbing out of the picture.
const descriptionCss = css`
  margin: 0;
  max-width: 40rem;
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 3;
  overflow: hidden;
`;
// Inside the slide's edge (the frame clips anything outside it), white and dark together so the
// ring shows on a light picture and a dark one.
const slideFocusCss = css`
  box-shadow:
    inset 0 0 0 3px ${SURFACE.background},
    inset 0 0 0 6px ${SURFACE.inverse};
`;

interface SlideProps {
  slide: SlideData;
  position: number;
  count: number;
  current: boolean;
}

function Slide({ slide, position, count, current }: SlideProps) {
  const { src, srcSet } = slideImageSources(slide.image);
  const first = position === 1;
  const image = (alt: string) => (
    <img
      src={src}
      srcSet={srcSet || undefined}
      sizes="100vw"
      alt={alt}
      width={SLIDE_IMAGE_SIZE.width}
      height={SLIDE_IMAGE_SIZE.height}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      css={imageCss}
    />
  );
  return (
    // The slides not shown stay in the page (their images arrive before they are asked for) but
    // out of sight, out of the tab order and out of the accessibility tree.
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position} of ${count}`}
      inert={!current}
      aria-hidden={current ? undefined : true}
      css={[
        fillCss,
        slideCss,
        !current &&
          css`
            visibility: hidden;
          `,
      ]}
    >
      {slide.hideOverlay ? (
        // The picture carries its own words: the whole of it is the link, named by the slide.
        <a
          href={slide.url}
          css={[
            fillCss,
            css`
              &:focus-visible {
                outline: none;
              }
              &:focus-visible::after {
                content: '';
                position: absolute;
                inset: 0;
                ${slideFocusCss}
              }
            `,
          ]}
        >
          {image(slide.name)}
        </a>
      ) : (
        <>
          {image('')}
          <div css={overlayCss}>
            <h2 css={headingCss}>
              {/* The link's box is stretched over the whole slide, so the picture is the link too
                  while the link's name stays the slide's name. */}
              <a
                href={slide.url}
                css={css`
                  color: inherit;
                  text-decoration: none;
                  &::after {
                    content: '';
                    position: absolute;
                    inset: 0;
                  }
                  &:hover {
                    text-decoration: underline;
                  }
                  &:focus-visible {
                    outline: none;
                  }
                  &:focus-visible::after {
                    ${slideFocusCss}
                  }
                `}
              >
                {slide.name}
              </a>
            </h2>
            <p css={descriptionCss}>{slide.description}</p>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * The home page's promotional slides (spec: 'promotional cards and slides'; 'Slide: id, name,
 * description, url, hide_overlay'), one at a time, with previous / next and a dot per slide.
 *
 * It never turns by itself: moving content needs a pause control (WCAG 2.2.2), and a slide that
 * changes while the shopper reads or reaches for it is worse than one they turn themselves.
 *
 * While the slides load, their box is already in place; it goes only when the site has none or
 * they cannot be read (the error is logged), so the page shifts at most once, and only then.
 */
export function HomeSlides() {
  const state = useSlides(useFirstPaintData('home')?.slides);
  if (state.status === 'loading') return <div aria-hidden="true" css={frameCss} />;
  if (state.status === 'failed' || state.slides.length === 0) return null;
  return <Carousel slides={state.slides} />;
}

function Carousel({ slides }: { slides: SlideData[] }) {
  const { theme } = useTenant();
  const [current, setCurrent] = useState(0);
  const count = slides.length;
  const show = (index: number) => setCurrent((index + count) % count);
  const focusRing = css`
    &:focus-visible {
      outline: 3px solid ${theme.primary};
      outline-offset: 2px;
    }
  `;
  const arrowCss = css`
    width: 2.5rem;
    height: 2.5rem;
    border: 0;
    border-radius: 999px;
    font-size: 1.5rem;
    line-height: 1;
    color: ${SURFACE.text};
    background: transparent;
    cursor: pointer;
    &:hover {
      background: ${SURFACE.fill};
    }
  `;
  // A 24 px target around a small dot (WCAG 2.5.8), filled for the slide shown.
  const dotCss = css`
    width: 1.5rem;
    height: 1.5rem;
    padding: 0;
    border: 0;
    border-radius: 999px;
    background: transparent;
    cursor: pointer;
    &::before {
      content: '';
      display: block;
      width: 0.625rem;
      height: 0.625rem;
      margin: auto;
      border-radius: 999px;
      border: 2px solid ${SURFACE.muted};
    }
    &[aria-current='true']::before {
      background: ${theme.primary};
      border-color: ${theme.primary};
    }
  `;
  return (
    <section aria-roledescription="carousel" aria-label="Promotions" css={frameCss}>
      {count > 1 && (
        // Above the slides in reading order (as the carousel pattern has it); on the picture's top
        // corner, clear of its text at the bottom.
        <div
          css={css`
            position: absolute;
            z-index: 1;
            top: 0.5rem;
            right: 0.5rem;
            display: flex;
            align-items: center;
            padding: 0.125rem;
            border-radius: 999px;
            background: ${alpha(SURFACE.background, 92)};
          `}
        >
          <button
            type="button"
            aria-label="Previous slide"
            onClick={() => show(current - 1)}
            css={[arrowCss, focusRing]}
          >
            ‹
          </button>
          {slides.map((slide, index) => (
            <button
              key={slide.id}
              type="button"
              aria-label={`Show slide ${index + 1} of ${count}`}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => show(index)}
              css={[dotCss, focusRing]}
            />
          ))}
          <button type="button" aria-label="Next slide" onClick={() => show(current + 1)} css={[arrowCss, focusRing]}>
            ›
          </button>
        </div>
      )}
      {/* Polite: the slide a button brings is read out, once the shopper has asked for it. */}
      <div aria-live="polite" css={fillCss}>
        {slides.map((slide, index) => (
          <Slide key={slide.id} slide={slide} position={index + 1} count={count} current={index === current} />
        ))}
      </div>
    </section>
  );
}
