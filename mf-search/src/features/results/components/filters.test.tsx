import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { fireEvent, screen } from '@testing-library/react';
import { FilterSection } from './filters';

/**
 * jsdom has neither animations nor media queries: a browser's are stood in for, an animation
 * finishing when its duration has passed on the test's clock.
 */
function browserWith({ reducedMotion }: { reducedMotion: boolean }) {
  window.matchMedia = ((query: string) => ({
    matches: reducedMotion && query === '(prefers-reduced-motion: reduce)',
    media: query,
  })) as unknown as typeof window.matchMedia;
  HTMLElement.prototype.animate = function animate(_frames: unknown, options?: number | KeyframeAnimationOptions) {
    const duration = typeof options === 'number' ? options : Number(options?.duration ?? 0);
    const animation = { onfinish: null as null | (() => void), cancel: () => clearTimeout(timer) };
    const timer = setTimeout(() => animation.onfinish?.(), duration);
    return animation as unknown as Animation;
  };
}

const priceSection = () => screen.getByText('Price', { selector: 'summary' }).closest('details')!;

const jsdomMatchMedia = window.matchMedia;
afterEach(() => {
  jest.useRealTimers();
  delete (HTMLElement.prototype as { animate?: unknown }).animate;
  window.matchMedia = jsdomMatchMedia;
});

describe("the filter sections' fold (spec §9: 'Animations: slider collapse 300 ms')", () => {
  it('slides a slider’s section closed over 300 ms', () => {
    jest.useFakeTimers();
    browserWith({ reducedMotion: false });
    renderWithPlatform(<FilterSection title="Price">slider</FilterSection>);
    fireEvent.click(screen.getByText('Price', { selector: 'summary' }));
    jest.advanceTimersByTime(299);
    expect(priceSection().open).toBe(true);
    jest.advanceTimersByTime(1);
    expect(priceSection().open).toBe(false);
  });

  it('opens it again at once, sliding its content in', () => {
    jest.useFakeTimers();
    browserWith({ reducedMotion: false });
    renderWithPlatform(
      <FilterSection title="Price" open={false}>
        slider
      </FilterSection>,
    );
    fireEvent.click(screen.getByText('Price', { selector: 'summary' }));
    expect(priceSection().open).toBe(true);
  });

  it('folds at once for a shopper whose system asks for reduced motion', () => {
    jest.useFakeTimers();
    browserWith({ reducedMotion: true });
    renderWithPlatform(<FilterSection title="Price">slider</FilterSection>);
    fireEvent.click(screen.getByText('Price', { selector: 'summary' }));
    expect(priceSection().open).toBe(false);
  });
});
