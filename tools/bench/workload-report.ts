/**
 * The markdown tables of a TSBS or ad-hoc sitting: per query type DuckDB's median and every server's, the
 * last server against DuckDB and against the first (before/after when the first is the older build), the
 * estimate against QuestDB through the reference sitting (tsbs-reference.ts), and whether every variant's
 * answer matched DuckDB's; then the concurrency test and peak RSS per server.
 */
import { BenchQuery, sameFingerprint } from './bench-queries';
import { DuckRun } from './bench-duckdb';
import { ServerRun } from './bench-servers';
import { fmtMs, geometricMean, table } from './bench-stats';
import { BEFORE_VS_QUESTDB } from './tsbs-reference';

const ratio = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '–');

export function queryTable(title: string, queries: readonly BenchQuery[], duck: DuckRun | undefined, runs: readonly ServerRun[]): string {
  const first = runs[0], last = runs[runs.length - 1], compare = runs.length > 1;
  const vsDuck: number[] = [], vsBefore: number[] = [], vsQuest: number[] = [];
  const rows = queries.map((q) => {
    const d = duck?.queries.find((x) => x.id === q.id);
    const ms = runs.map((r) => r.queries.find((x) => x.id === q.id));
    const a = ms[ms.length - 1], b = ms[0];
    const same = ms.every((s) => s?.fingerprint && d?.fingerprint && sameFingerprint(s.fingerprint, d.fingerprint));
    const toDuck = a && d ? a.ms / d.ms : NaN, toBefore = a && b ? a.ms / b.ms : NaN;
    const ref = BEFORE_VS_QUESTDB[q.id], toQuest = ref !== undefined && compare ? ref * toBefore : NaN;
    vsDuck.push(toDuck); vsBefore.push(toBefore); vsQuest.push(toQuest);
    return [q.id, ...(duck ? [d?.error ? 'ERROR' : fmtMs(d?.ms ?? NaN)] : []),
      ...ms.map((s) => (s?.error ? `ERROR ${s.error.replace(/\|/g, '/').slice(0, 80)}` : fmtMs(s?.ms ?? NaN))),
      ...(duck ? [ratio(toDuck)] : []), ...(compare ? [ratio(toBefore), ratio(toQuest)] : []), ...(duck ? [same ? 'yes' : 'NO'] : [])];
  });
  const header = ['query', ...(duck ? ['DuckDB ms'] : []), ...runs.map((r) => `${r.label} ms`),
    ...(duck ? [`${last.label}/DuckDB`] : []), ...(compare ? [`${last.label}/${first.label}`, `${last.label}/QuestDB (est.)`] : []), ...(duck ? ['same result'] : [])];
  const means = ['geometric mean', ...(duck ? [''] : []), ...runs.map(() => ''),
    ...(duck ? [ratio(geometricMean(vsDuck))] : []), ...(compare ? [ratio(geometricMean(vsBefore)), ratio(geometricMean(vsQuest))] : []), ...(duck ? [''] : [])];
  return `\n### ${title}\n${table(header, [...rows, means])}`;
}

export function serverTable(runs: readonly ServerRun[]): string {
  const rows = runs.map((r) => {
    const c = r.concurrency;
    return [r.label, r.peakRssMb.toFixed(0), r.cpuSeconds.toFixed(1), ...(c
      ? [c.clients, c.seconds, `${fmtMs(c.alone.p50)} / ${fmtMs(c.alone.p99)}`, c.small.count, fmtMs(c.small.p50), fmtMs(c.small.p99), fmtMs(c.small.max), c.big.count, fmtMs(c.big.p50), c.big.mb.toFixed(0), c.errors]
      : ['', '', '', '', '', '', '', '', '', '', ''])];
  });
  return `\n### Concurrency (small queries while large answers stream) and memory\n${table(
    ['server', 'peak RSS MB', 'CPU s', 'clients', 's', 'small alone p50 / p99 ms', 'small n', 'small p50 ms', 'small p99 ms', 'small max ms', 'big n', 'big p50 ms', 'big MB', 'errors'], rows)}`;
}
