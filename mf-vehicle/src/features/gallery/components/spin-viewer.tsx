import { css } from '@emotion/react';
import { alpha, SURFACE, useTenant } from '@forecourt/shared-config';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  AUTO_ROTATE_MS,
  frameAfterDrag,
  hotspotsAt,
  SPIN_FRAME_HEIGHT,
  SPIN_FRAME_WIDTH,
  SPIN_HINT,
  stepFrame,
  type SpinHotspotInput,
} from '../lib/spin';

export interface SpinViewerProps {
  name: string;
  frames: readonly string[];
  hotspots: readonly SpinHotspotInput[];
  autoRotate: boolean;
}

type Loading = { status: 'loading'; done: number } | { status: 'ready' };

/**
 * Loads every frame before the viewer turns (spec §4: 'all frames load first, a placeholder first
 * image is shown until loaded'). A frame that fails is logged only (spec §8) and counted as done,
 * so one bad frame does not hold the viewer.
 */
function useFramesLoaded(frames: readonly string[]): Loading {
  const [loading, setLoading] = useState<Loading>({ status: 'loading', done: 0 });
  useEffect(() => {
    let cancelled = false;
    let done = 0;
    setLoading({ status: 'loading', done: 0 });
    const finish = () => {
      done += 1;
      if (cancelled) return;
      setLoading(done >= frames.length ? { status: 'ready' } : { status: 'loading', done });
    };
    for (const src of frames) {
      const image = new Image();
      image.onload = finish;
      image.onerror = () => {
        console.error(`[mf-vehicle] spin frame failed to load: ${src}`);
        finish();
      };
      image.src = src;
    }
    return () => {
      cancelled = true;
    };
  }, [frames]);
  return loading;
}

/**
 * The 360 spin (400x600 frames): turned by dragging (20 px a frame), by pointer or by the arrow
 * keys once every frame is loaded, optionally turning by itself every 100 ms until the shopper
 * takes over (not when they ask for reduced motion). It is a slider to assistive technology
 * ('View 3 of 36'). Hotspots show at their angles and positions; each opens its description.
 */
export function SpinViewer({ name, frames, hotspots, autoRotate }: SpinViewerProps) {
  const { theme } = useTenant();
  const loading = useFramesLoaded(frames);
  const ready = loading.status === 'ready';
  const [frame, setFrame] = useState(0);
  const [touched, setTouched] = useState(false);
  const [openHotspot, setOpenHotspot] = useState<string | null>(null);
  const drag = useRef<{ x: number; frame: number; pointer: number } | null>(null);
  const count = frames.length;

  useEffect(() => {
    if (!ready || !autoRotate || touched) return undefined;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return undefined;
    const timer = window.setInterval(() => setFrame((f) => stepFrame(f, 1, count)), AUTO_ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [ready, autoRotate, touched, count]);

  const take = () => {
    setTouched(true);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!ready) return;
    const delta =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? -1
          : 0;
    if (event.key === 'Home') setFrame(0);
    else if (delta) setFrame((f) => stepFrame(f, delta, count));
    else return;
    take();
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!ready || event.button !== 0) return;
    // A press on a hotspot is the hotspot's, not the start of a turn.
    if ((event.target as HTMLElement).closest('button')) return;
    take();
    drag.current = { x: event.clientX, frame, pointer: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    setFrame(frameAfterDrag(start.frame, event.clientX - start.x, count));
  };
  const endDrag = () => {
    drag.current = null;
  };

  const visible = ready ? hotspotsAt(hotspots, frame) : [];
  return (
    <div
      css={css`
        label: mf-vehicle-spin;
        position: relative;
        max-width: 100%;
      `}
    >
      <div
        role="slider"
        tabIndex={0}
        aria-label={`360° view of the ${name}. Use the left and right arrow keys to turn it.`}
        aria-valuemin={1}
        aria-valuemax={count}
        aria-valuenow={frame + 1}
        aria-valuetext={
          ready ? `View ${frame + 1} of ${count}` : `Loading the 360° view, ${loading.done} of ${count} pictures`
        }
        aria-busy={!ready}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        data-frame={frame}
        css={css`
          position: relative;
          aspect-ratio: 3 / 2;
          border-radius: ${SURFACE.radius};
          overflow: hidden;
          background: ${SURFACE.fill};
          touch-action: pan-y;
          user-select: none;
          cursor: ${ready ? 'grab' : 'progress'};
          &:active {
            cursor: ${ready ? 'grabbing' : 'progress'};
          }
          &:focus-visible {
            outline: 3px solid ${theme.accent};
            outline-offset: 2px;
          }
        `}
      >
        {/* The frames are portrait (400x600): shown whole, centred on the stage, with the hotspots placed on the frame itself. */}
        <div
          css={css`
            position: relative;
            height: 100%;
            aspect-ratio: ${SPIN_FRAME_WIDTH} / ${SPIN_FRAME_HEIGHT};
            margin: 0 auto;
          `}
        >
          <img
            src={frames[ready ? frame : 0]}
            alt=""
            width={SPIN_FRAME_WIDTH}
            height={SPIN_FRAME_HEIGHT}
            draggable={false}
            css={{ width: '100%', height: '100%', display: 'block', pointerEvents: 'none' }}
          />
          {visible.map((spot) => (
            <Hotspot
              key={spot.id}
              id={spot.id}
              description={spot.description}
              x={spot.x}
              y={spot.y}
              open={openHotspot === spot.id}
              onToggle={() => setOpenHotspot((o) => (o === spot.id ? null : spot.id))}
            />
          ))}
        </div>
        {!ready && (
          <p
            css={css`
              position: absolute;
              inset: auto 0 0.75rem;
              margin: 0 auto;
              width: max-content;
              padding: 0.3rem 0.7rem;
              border-radius: 999px;
              font-size: 0.9rem;
              color: ${SURFACE.onInverse};
              background: ${alpha(SURFACE.inverse, 75)};
            `}
          >
            {`Loading 360° view… ${Math.round((loading.done / Math.max(1, count)) * 100)}%`}
          </p>
        )}
        {ready && !touched && (
          <p
            aria-hidden="true"
            css={css`
              position: absolute;
              inset: 0.75rem 0 auto;
              margin: 0 auto;
              width: max-content;
              padding: 0.3rem 0.8rem;
              border-radius: 999px;
              font-size: 0.9rem;
              font-weight: 600;
              color: ${SURFACE.onInverse};
              background: ${alpha(SURFACE.inverse, 75)};
              pointer-events: none;
            `}
          >
            {`⟲ ${SPIN_HINT}`}
          </p>
        )}
      </div>
    </div>
  );
}

/** A hotspot: a round button at its position; pressing it shows its description beside it. */
export function Hotspot({
  id,
  description,
  x,
  y,
  open,
  onToggle,
}: {
  id: string;
  description: string;
  x: number;
  y: number;
  open: boolean;
  onToggle: () => void;
}) {
  const { theme } = useTenant();
  const tipId = `hotspot-${id}`;
  return (
    <span
      css={css`
        position: absolute;
        left: ${x}%;
        top: ${y}%;
        transform: translate(-50%, -50%);
      `}
    >
      <button
        type="button"
        aria-label={description}
        aria-expanded={open}
        aria-controls={tipId}
        onClick={onToggle}
        data-hotspot={id}
        css={css`
          display: grid;
          place-items: center;
          width: 2rem;
          height: 2rem;
          border-radius: 50%;
          border: 3px solid ${SURFACE.background};
          background: ${theme.accent};
          color: ${SURFACE.text};
          font-weight: 800;
          box-shadow: 0 0 0 4px ${alpha(SURFACE.shadow, 20)};
          cursor: pointer;
        `}
      >
        <span aria-hidden="true">+</span>
      </button>
      <span
        id={tipId}
        role="status"
        css={css`
          position: absolute;
          left: 50%;
          top: calc(100% + 0.4rem);
          transform: translateX(-50%);
          white-space: nowrap;
          padding: 0.3rem 0.6rem;
          border-radius: 6px;
          font-size: 0.85rem;
          color: ${SURFACE.onInverse};
          background: ${SURFACE.inverse};
          ${open ? '' : 'display: none;'}
        `}
      >
        {open ? description : ''}
      </span>
    </span>
  );
}
