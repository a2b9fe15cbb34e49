/**
 * A uPlot line chart of a result: drag across it to zoom in on a time range, double-click to zoom out,
 * hover to read every series' value at that time in the legend. uPlot is loaded on first use (its own
 * chunk), so the console starts without it. Colours come from the page's CSS variables; the chart is
 * redrawn when the theme changes. Times are shown in UTC, as the server stores them.
 */
import type uPlot from 'uplot';
import { ChartData } from './chart-data';
import { timeTickLabels } from './time-ticks';

const PALETTE = ['#3b7bf6', '#f08c00', '#12a574', '#e5484d', '#8e5cf7', '#0aa2c0', '#e0529c', '#7cb305', '#f76808', '#5b5bd6'];

/** The colour a CSS variable gives in the current theme (variables hold light-dark() pairs). */
function cssColor(name: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${name})`;
  document.body.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

function isoSeconds(seconds: number): string {
  const ms = Math.floor(seconds * 1000);
  const micros = Math.round((seconds * 1e6) % 1000);
  const iso = new Date(ms).toISOString();
  return micros === 0 ? iso : `${iso.slice(0, 23)}${String(micros).padStart(3, '0')}Z`;
}

export class ResultChart {
  readonly element: HTMLDivElement;
  private readonly canvasHost: HTMLDivElement;
  private plot: uPlot | undefined;
  private readonly observer: ResizeObserver;
  private readonly onTheme = (): void => void this.draw();

  constructor(private readonly data: ChartData, note: string | undefined) {
    this.element = document.createElement('div');
    this.element.className = 'chart';
    this.element.dataset.test = 'chart';
    if (note) {
      const p = document.createElement('div');
      p.className = 'chart-note';
      p.textContent = note;
      this.element.append(p);
    }
    this.canvasHost = document.createElement('div');
    this.canvasHost.className = 'chart-canvas';
    this.element.append(this.canvasHost);
    this.observer = new ResizeObserver(() => this.resize());
    document.addEventListener('svc-theme', this.onTheme);
  }

  /** Draws (again) into the element, which must be in the document. */
  async draw(): Promise<void> {
    const { default: UPlot } = await import('uplot');
    this.plot?.destroy();
    const axis = { stroke: cssColor('--text-muted'), grid: { stroke: cssColor('--border'), width: 1 }, ticks: { stroke: cssColor('--border'), width: 1 } };
    const { width, height } = this.size();
    const options: uPlot.Options = {
      width, height,
      scales: { x: { time: true } },
      cursor: { drag: { x: true, y: false, setScale: true }, points: { size: 7 } },
      legend: { live: true },
      // The visible time range, readable from the page (zoom state for tests and tools).
      hooks: { setScale: [(u, key) => { if (key === 'x') this.element.dataset.xRange = `${u.scales.x.min ?? ''},${u.scales.x.max ?? ''}`; }] },
      axes: [{ ...axis, size: 52, values: (_u, splits, _i, _space, increment) => timeTickLabels(splits, increment) }, { ...axis, size: 64 }],
      series: [
        { label: 'time (UTC)', value: (_u, v) => (v === null ? '–' : isoSeconds(v)) },
        ...this.data.series.map((s, i) => ({
          label: s.label, stroke: PALETTE[i % PALETTE.length], width: 1.75, spanGaps: true,
          points: { show: this.data.xs.length <= 60 },
        })),
      ],
    };
    const aligned: uPlot.AlignedData = [this.data.xs, ...this.data.series.map((s) => s.values)];
    this.plot = new UPlot(options, aligned, this.canvasHost);
    this.observer.observe(this.element);
  }

  dispose(): void {
    this.observer.disconnect();
    document.removeEventListener('svc-theme', this.onTheme);
    this.plot?.destroy();
  }

  private size(): { width: number; height: number } {
    const legend = this.plot?.root.querySelector<HTMLElement>('.u-legend')?.offsetHeight ?? 34;
    return {
      width: Math.max(200, this.canvasHost.clientWidth),
      height: Math.max(140, this.canvasHost.clientHeight - legend - 8),
    };
  }

  private resize(): void {
    if (this.plot) this.plot.setSize(this.size());
  }
}
