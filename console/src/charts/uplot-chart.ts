import uPlot from 'uplot';
import uplotStyles from 'uplot/dist/uPlot.min.css';
import { COLOUR, FONT } from '../theme/tokens';
import type { ChartColumns } from './series';

/**
 * uPlot's own stylesheet (it positions the cursor's layers over the canvas), put in the page
 * once, the first time a chart is drawn: this module is loaded only then, so pages without a
 * chart never download uPlot.
 */
function installStyles(): void {
  if (document.querySelector('style[data-uplot]')) return;
  const style = document.createElement('style');
  style.dataset.uplot = '';
  style.textContent = uplotStyles;
  document.head.append(style);
}

export interface DrawnChart {
  setData(columns: ChartColumns): void;
  setWidth(width: number): void;
  destroy(): void;
}

/** Axis times as the console writes them elsewhere: 24-hour, and the day too over a day's window. */
const TIME = new Intl.DateTimeFormat('en-AU', { hour: '2-digit', minute: '2-digit', hour12: false });
const DAY_TIME = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** Clean mounts as a line, failures as bars in the danger colour, one point per bucket. */
export function drawHealthChart(
  target: HTMLElement,
  columns: ChartColumns,
  { height, bucketSeconds }: { height: number; bucketSeconds: number },
): DrawnChart {
  installStyles();
  const times = bucketSeconds >= 3600 ? DAY_TIME : TIME;
  const axis = {
    stroke: COLOUR.muted,
    font: `11px ${FONT.body}`,
    grid: { stroke: COLOUR.border, width: 1 },
    ticks: { stroke: COLOUR.border, width: 1 },
  };
  const plot = new uPlot(
    {
      width: target.clientWidth,
      height,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        { ...axis, values: (_u, splits) => splits.map((at) => times.format(new Date(at * 1000))) },
        { ...axis, size: 36 },
      ],
      series: [
        {},
        { label: 'Clean', stroke: COLOUR.accent, width: 2 },
        {
          label: 'Failures',
          stroke: COLOUR.danger,
          fill: COLOUR.danger,
          width: 1,
          paths: uPlot.paths.bars?.({ size: [0.8, 8] }),
        },
      ],
    },
    columns,
    target,
  );
  return {
    setData: (next) => plot.setData(next),
    setWidth: (width) => plot.setSize({ width, height }),
    destroy: () => plot.destroy(),
  };
}
