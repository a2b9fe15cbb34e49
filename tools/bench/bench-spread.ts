/**
 * The bench's passes side by side (`--passes N`): per query, each pass's median for DuckDB and for every
 * server, and the spread of those medians, (largest / smallest − 1); then each server's geometric mean
 * against QuestDB (est.) per pass. Run-to-run spread is judged here, in one sitting, next to DuckDB's
 * own spread in the same passes (how much the machine moved).
 */
import { REFERENCE_10M } from './bench-reference';
import { fmtMs, geometricMean, table } from './bench-stats';

export interface PassQueries {
  /** DuckDB's medians by query id (absent without DuckDB). */
  readonly duck?: ReadonlyMap<string, number>;
  /** Per server label, its medians by query id (NaN for an error). */
  readonly servers: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

/** (largest / smallest − 1) of positive finite values; NaN when there are fewer than two. */
export function spread(xs: readonly number[]): number {
  const ok = xs.filter((x) => x > 0 && Number.isFinite(x));
  return ok.length < 2 ? NaN : Math.max(...ok) / Math.min(...ok) - 1;
}

const percent = (x: number): string => (Number.isFinite(x) ? `${(x * 100).toFixed(0)}%` : '–');

export function spreadReport(ids: readonly string[], passes: readonly PassQueries[]): string {
  const labels = [...(passes[0]?.servers.keys() ?? [])];
  const withDuck = passes.every((p) => p.duck !== undefined);
  const rows = ids.map((id) => {
    const cells: string[] = [id];
    const column = (medians: number[]): void => { cells.push(medians.map(fmtMs).join(' / '), percent(spread(medians))); };
    if (withDuck) column(passes.map((p) => p.duck?.get(id) ?? NaN));
    for (const label of labels) column(passes.map((p) => p.servers.get(label)?.get(id) ?? NaN));
    return cells;
  });
  const header = ['query', ...(withDuck ? ['DuckDB ms per pass', 'spread'] : []), ...labels.flatMap((l) => [`${l} ms per pass`, 'spread'])];
  const lines = [table(header, rows)];
  if (withDuck) {
    for (const label of labels) {
      const means = passes.map((p) => geometricMean(ids.map((id) => {
        const s = p.servers.get(label)?.get(id) ?? NaN, d = p.duck?.get(id) ?? NaN, ref = REFERENCE_10M[id];
        return ref ? (s / d) * (ref.duckdb / ref.questdb) : NaN;
      })));
      lines.push(`${label}: geometric mean svc/QuestDB (est.) per pass ${means.map((m) => m.toFixed(2)).join(' / ')}`);
    }
  }
  return lines.join('\n');
}

/** Each server's round-trip median per pass and their spread (bench-queries.ts ROUND_TRIP). */
export function roundTripReport(passes: readonly ReadonlyMap<string, number>[]): string {
  const labels = [...(passes[0]?.keys() ?? [])];
  return labels.map((label) => {
    const medians = passes.map((p) => p.get(label) ?? NaN);
    return `${label}: HTTP round trip (SELECT 1) per pass ${medians.map(fmtMs).join(' / ')} ms, spread ${percent(spread(medians))}`;
  }).join('\n');
}

/**
 * Servers timed together (bench-together.ts): per query, each server's median and their spread. For runs
 * of one build, the spread between runs with the machine's drift taken out: each sampled the same stretch.
 */
export function spreadAcross(ids: readonly string[], servers: ReadonlyMap<string, ReadonlyMap<string, number>>): string {
  const labels = [...servers.keys()];
  const rows = ids.map((id) => {
    const medians = labels.map((l) => servers.get(l)?.get(id) ?? NaN);
    return [id, ...medians.map(fmtMs), percent(spread(medians))];
  });
  return table(['query', ...labels.map((l) => `${l} ms`), 'spread'], rows);
}
