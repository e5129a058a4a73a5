import { act, screen } from '@testing-library/react';
import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { DeferredRangeSlider } from './deferred-range-slider';

type Report = (entries: Array<{ isIntersecting: boolean }>) => void;
let reports: Report[];

beforeEach(() => {
  reports = [];
  globalThis.IntersectionObserver = class {
    constructor(callback: Report) {
      reports.push(callback);
    }
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
});

afterEach(() => {
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

const price = (value: readonly [number, number]) => (
  <DeferredRangeSlider
    label="Price"
    min={0}
    max={100_000}
    step={1000}
    value={value}
    format={(v) => `$${v}`}
    onChange={() => undefined}
  />
);

it('draws the slider at rest, its range where the values are, while its place is far from the window', async () => {
  const { container } = renderWithPlatform(price([25_000, 75_000]));
  await act(async () => undefined);
  expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  const atRest = container.querySelector('[data-slider-at-rest]');
  expect(atRest).toHaveAttribute('aria-hidden', 'true');
  const range = atRest!.firstElementChild!.firstElementChild as HTMLElement;
  expect([range.style.left, range.style.right]).toEqual(['25%', '25%']);
});

it('replaces it with the working slider, both thumbs named and valued, once its place comes near the window', async () => {
  const { container } = renderWithPlatform(price([25_000, 75_000]));
  await act(async () => undefined);
  act(() => reports[0]!([{ isIntersecting: true }]));
  const thumbs = await screen.findAllByRole('slider');
  expect(thumbs.map((thumb) => [thumb.getAttribute('aria-label'), thumb.getAttribute('aria-valuetext')])).toEqual([
    ['Minimum price', '$25000'],
    ['Maximum price', '$75000'],
  ]);
  expect(container.querySelector('[data-slider-at-rest]')).not.toBeInTheDocument();
});
