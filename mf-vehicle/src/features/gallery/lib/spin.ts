/**
 * The 360 spin viewer's rules (spec search-and-vehicle §2, §4, §9).
 */

/** Spec: default sensitivity 20 pixels per frame. */
export const SPIN_PX_PER_FRAME = 20;
/** Spec: auto-rotate interval default 100 ms. */
export const AUTO_ROTATE_MS = 100;
/** Spec: spinner images 400x600. */
export const SPIN_FRAME_WIDTH = 400;
export const SPIN_FRAME_HEIGHT = 600;
/** Spec: the hint. */
export const SPIN_HINT = 'Swipe to spin';

/** The frame `delta` frames on from `frame`, wrapping round the turn. */
export function stepFrame(frame: number, delta: number, count: number): number {
  if (count === 0) return 0;
  return (((frame + delta) % count) + count) % count;
}

/**
 * The frame shown after dragging `dx` pixels from where the drag started on `startFrame`: one
 * frame per 20 px, dragging left turns the car forwards (as if pushing its side round).
 */
export function frameAfterDrag(startFrame: number, dx: number, count: number, pxPerFrame = SPIN_PX_PER_FRAME): number {
  return stepFrame(startFrame, -Math.trunc(dx / pxPerFrame), count);
}

export interface HotspotAtFrame {
  id: string;
  description: string;
  /** Position on the frame in percent of its width and height. */
  x: number;
  y: number;
}

export interface SpinHotspotInput {
  id: string;
  description: string;
  positions: ReadonlyArray<{ activeAngle: number; posX: number; posY: number }>;
}

/** The hotspots to show on a frame: those with a position whose active angle is that frame. */
export function hotspotsAt(hotspots: readonly SpinHotspotInput[], frame: number): HotspotAtFrame[] {
  return hotspots.flatMap((hotspot) => {
    const position = hotspot.positions.find((p) => p.activeAngle === frame);
    return position ? [{ id: hotspot.id, description: hotspot.description, x: position.posX, y: position.posY }] : [];
  });
}

/** The first frame that shows a hotspot (where a keyboard user is taken to find one), or null. */
export function firstHotspotFrame(hotspots: readonly SpinHotspotInput[]): number | null {
  const frames = hotspots.flatMap((h) => h.positions.map((p) => p.activeAngle));
  return frames.length ? Math.min(...frames) : null;
}
