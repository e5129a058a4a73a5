import { css } from '@emotion/react';
import { alpha, mediaAt, SURFACE } from '@forecourt/shared-config';
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { showThumbnails, SLIDE_HEIGHT, SLIDE_WIDTH, stepSlide, type Slide } from '../lib/gallery';

export interface ImageSliderProps {
  name: string;
  slides: readonly Slide[];
  inStock: boolean;
  index: number;
  onIndexChange: (index: number) => void;
  /** The first picture is the page's largest paint: fetched early, never lazily. */
  priority?: boolean;
}

/**
 * The fullscreen view's dialog kit (Radix's dialog, about 13 KB as sent) is downloaded when the
 * shopper first opens it, not with the car's page.
 */
const Dialog = lazy(() => import('@forecourt/shared-config/dialog').then((module) => ({ default: module.Dialog })));

const frame = css`
  label: mf-vehicle-slide;
  position: relative;
  aspect-ratio: 3 / 2;
  background: ${SURFACE.fill};
  border-radius: ${SURFACE.radius};
  overflow: hidden;
`;
const arrow = css`
  position: absolute;
  top: 50%;
  transform: translateY(-50%);
  width: 2.75rem;
  height: 2.75rem;
  border-radius: 50%;
  border: 0;
  background: ${alpha(SURFACE.background, 92)};
  box-shadow: 0 1px 4px ${alpha(SURFACE.shadow, 25)};
  font-size: 1.4rem;
  line-height: 1;
  cursor: pointer;
`;

function SlideView({
  slide,
  name,
  position,
  count,
  priority,
  large = false,
}: {
  slide: Slide;
  name: string;
  position: number;
  count: number;
  priority: boolean;
  large?: boolean;
}) {
  if (slide.kind === 'video') {
    return (
      <iframe
        src={slide.src}
        title={`Video of the ${name}`}
        allow="encrypted-media; picture-in-picture"
        allowFullScreen
        loading="lazy"
        css={{ width: '100%', height: '100%', border: 0, display: 'block' }}
      />
    );
  }
  const base = large ? 1200 : SLIDE_WIDTH;
  return (
    <img
      src={mediaAt(slide.src, base)}
      srcSet={
        large
          ? undefined
          : `${mediaAt(slide.src, 400)} 400w, ${mediaAt(slide.src, 600)} 600w, ${mediaAt(slide.src, 800)} 800w, ${mediaAt(slide.src, 1200)} 1200w`
      }
      sizes={large ? undefined : '(min-width: 1000px) 600px, calc(100vw - 3rem)'}
      alt={`${name}, photo ${position} of ${count}`}
      width={SLIDE_WIDTH}
      height={SLIDE_HEIGHT}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      css={{ width: '100%', height: '100%', objectFit: large ? 'contain' : 'cover', display: 'block' }}
    />
  );
}

/** Shown instead of the slider when the car has no valid picture (spec §8). */
export function GalleryPlaceholder({ noun }: { noun: string }) {
  return (
    <div
      role="img"
      aria-label={`No photos of this ${noun} yet`}
      css={[
        frame,
        css`
          display: grid;
          place-items: center;
          color: ${SURFACE.muted};
        `,
      ]}
    >
      <span aria-hidden="true">{`Photos of this ${noun} are coming soon`}</span>
    </div>
  );
}

/**
 * The image slider (600x400): previous / next, the arrow keys when focused, thumbnails (only for
 * an in-stock car with more than 3 pictures) and a fullscreen dialog with the same controls. The
 * index is the gallery's, so leaving the gallery can reset it.
 */
export function ImageSlider({ name, slides, inStock, index, onIndexChange, priority = false }: ImageSliderProps) {
  const [fullscreen, setFullscreen] = useState(false);
  // The dialog is rendered from the first time it opens (its code arrives then).
  const [opened, setOpened] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const count = slides.length;
  const current = slides[Math.min(index, count - 1)];
  if (!current) return null;
  const go = (delta: number) => onIndexChange(stepSlide(index, delta, count));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else return;
    event.preventDefault();
  };
  const pictures = slides.filter((s) => s.kind === 'image').length;
  const controls = count > 1 && (
    <>
      <button
        type="button"
        aria-label="Previous photo"
        onClick={() => go(-1)}
        css={[
          arrow,
          css`
            left: 0.75rem;
          `,
        ]}
      >
        ‹
      </button>
      <button
        type="button"
        aria-label="Next photo"
        onClick={() => go(1)}
        css={[
          arrow,
          css`
            right: 0.75rem;
          `,
        ]}
      >
        ›
      </button>
    </>
  );
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={`Photos of the ${name}`}
      onKeyDown={onKeyDown}
      css={css`
        label: mf-vehicle-slider;
      `}
    >
      <div css={frame}>
        <SlideView slide={current} name={name} position={index + 1} count={count} priority={priority && index === 0} />
        {controls}
        <span
          aria-live="polite"
          css={css`
            position: absolute;
            bottom: 0.5rem;
            left: 0.5rem;
            padding: 0.1rem 0.5rem;
            border-radius: 4px;
            font-size: 0.85rem;
            color: ${SURFACE.onInverse};
            background: ${alpha(SURFACE.inverse, 75)};
          `}
        >
          {`${index + 1} / ${count}`}
        </span>
        <button
          type="button"
          ref={opener}
          onClick={() => {
            setOpened(true);
            setFullscreen(true);
          }}
          css={css`
            position: absolute;
            bottom: 0.5rem;
            right: 0.5rem;
            padding: 0.35rem 0.7rem;
            border-radius: 4px;
            border: 0;
            font: inherit;
            font-size: 0.85rem;
            font-weight: 600;
            background: ${alpha(SURFACE.background, 92)};
            cursor: pointer;
          `}
        >
          Full screen
        </button>
      </div>
      {showThumbnails(inStock, pictures) && (
        <ul
          aria-label="Thumbnails"
          css={css`
            display: flex;
            gap: 0.5rem;
            overflow-x: auto;
            list-style: none;
            margin: 0.5rem 0 0;
            padding: 0 0 0.25rem;
          `}
        >
          {slides.map((slide, i) => (
            <li key={`${slide.src}-${i}`} css={{ flex: '0 0 auto' }}>
              <button
                type="button"
                aria-label={slide.kind === 'video' ? 'Show the video' : `Show photo ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => onIndexChange(i)}
                css={css`
                  display: block;
                  width: 5.5rem;
                  aspect-ratio: 3 / 2;
                  padding: 0;
                  border: 2px solid ${i === index ? SURFACE.text : 'transparent'};
                  border-radius: 6px;
                  overflow: hidden;
                  background: ${SURFACE.inverse};
                  color: ${SURFACE.onInverse};
                  cursor: pointer;
                `}
              >
                {slide.kind === 'video' ? (
                  <span aria-hidden="true">▶ Video</span>
                ) : (
                  <img
                    src={mediaAt(slide.thumb, 200)}
                    alt=""
                    width={200}
                    height={133}
                    loading="lazy"
                    css={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {opened && (
        <Suspense fallback={null}>
          <Dialog
            open={fullscreen}
            onOpenChange={setFullscreen}
            title={`Photos of the ${name}`}
            fullscreen
            returnFocusTo={opener}
          >
            <div
              onKeyDown={onKeyDown}
              css={css`
                position: relative;
                flex: 1;
                min-height: 0;
                display: grid;
                place-items: center;
              `}
            >
              <div
                css={css`
                  position: relative;
                  width: 100%;
                  height: 100%;
                  max-height: calc(100vh - 5rem);
                `}
              >
                <SlideView slide={current} name={name} position={index + 1} count={count} priority={false} large />
                {controls}
              </div>
              <p aria-live="polite" css={{ margin: '0.5rem 0 0', textAlign: 'center' }}>{`${index + 1} / ${count}`}</p>
            </div>
          </Dialog>
        </Suspense>
      )}
    </div>
  );
}
