/**
 * Queries of one shape with many texts (the TSBS and ad-hoc workloads draw hosts, windows, columns and
 * constants at random): the first run of a query checks every variant's answer, and its timed runs take the
 * variants in turn, so a query's time is the median over different constants, as a dashboard sends them.
 */
import { BenchQuery, Fingerprint, fingerprint, QueryText } from './bench-queries';

export function variantsOf(q: BenchQuery): readonly QueryText[] {
  return q.variants ?? [{ q: q.q, d: q.d }];
}

/** One fingerprint for all of a query's variants: counts and sums added, ordered first rows joined. */
export function combined(prints: readonly Fingerprint[]): Fingerprint {
  const first = prints.every((p) => p.first) ? prints.flatMap((p) => p.first ?? []) : undefined;
  return {
    rows: prints.reduce((s, p) => s + p.rows, 0),
    sum: prints.reduce((s, p) => s + p.sum, 0),
    sumTs: prints.reduce((s, p) => s + p.sumTs, 0),
    first,
  };
}

/** Runs every variant through `rows` (one engine's answer as value rows) and fingerprints them together. */
export async function fingerprintAll(q: BenchQuery, dialect: 'q' | 'd', rows: (sql: string) => Promise<readonly (readonly unknown[])[]>): Promise<Fingerprint> {
  const prints: Fingerprint[] = [];
  for (const v of variantsOf(q)) prints.push(fingerprint(await rows(v[dialect]), q.ordered, q.checkColumns));
  return combined(prints);
}

/** Hands out each query's variants in turn, one cycle per engine (a server or DuckDB). */
export class VariantCycle {
  private readonly next = new Map<string, number>();

  text(q: BenchQuery, dialect: 'q' | 'd', key = q.id): string {
    const vs = variantsOf(q);
    const k = this.next.get(key) ?? 0;
    this.next.set(key, k + 1);
    return vs[k % vs.length][dialect];
  }
}
