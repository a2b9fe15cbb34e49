/**
 * Turns result rows into uPlot's aligned columns: x as seconds since the epoch (microseconds kept), one
 * y array per series with null where a series has no value at that time. Keyed results are pivoted:
 * one series per key value (per numeric column when there are several), the first `maxSeries` kept.
 */
import { ExecColumn } from '../api/exec-answer';
import { ChartShape } from './chart-shape';

export interface ChartSeries {
  readonly label: string;
  readonly values: (number | null)[];
}

export interface ChartData {
  readonly xs: number[];
  readonly series: ChartSeries[];
  /** Key values left out past maxSeries. */
  readonly droppedKeys: number;
}

/** An ISO timestamp (`…T12:00:00.123456Z`) in seconds, or NaN. */
export function timeSeconds(value: unknown): number {
  if (typeof value !== 'string') return Number.NaN;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return Number.NaN;
  const fraction = /\.(\d+)/.exec(value)?.[1] ?? '';
  const micros = fraction.length > 3 ? Number(fraction.slice(3, 6).padEnd(3, '0')) : 0;
  return ms / 1000 + micros / 1e6;
}

export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export function chartData(shape: ChartShape, columns: readonly ExecColumn[], rows: readonly (readonly unknown[])[], maxSeries = 24): ChartData {
  const times = rows.map((r) => timeSeconds(r[shape.x]));
  const xs = [...new Set(times.filter((t) => !Number.isNaN(t)))].sort((a, b) => a - b);
  const at = new Map<number, number>();
  xs.forEach((x, i) => at.set(x, i));
  const several = shape.values.length > 1;
  const series: ChartSeries[] = [];
  const byLabel = new Map<string, ChartSeries>();
  let droppedKeys = 0;
  const dropped = new Set<string>();
  const seriesFor = (label: string): ChartSeries | undefined => {
    let s = byLabel.get(label);
    if (s) return s;
    if (series.length >= maxSeries) return undefined;
    s = { label, values: new Array<number | null>(xs.length).fill(null) };
    byLabel.set(label, s);
    series.push(s);
    return s;
  };
  for (let r = 0; r < rows.length; r++) {
    const i = at.get(times[r]);
    if (i === undefined) continue;
    const key = shape.key === undefined ? undefined : String(rows[r][shape.key] ?? 'null');
    for (const v of shape.values) {
      const label = key === undefined ? columns[v].name : several ? `${key} · ${columns[v].name}` : key;
      const s = seriesFor(label);
      if (!s) {
        if (key !== undefined && !dropped.has(key)) { dropped.add(key); droppedKeys++; }
        continue;
      }
      s.values[i] = numberOf(rows[r][v]);
    }
  }
  return { xs, series, droppedKeys };
}
