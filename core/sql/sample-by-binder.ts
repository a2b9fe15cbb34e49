/**
 * Binds the SAMPLE BY clause into a SampleBy operator: the stride, FROM/TO,
 * FILL per aggregate, and the alignment (calendar by default, with TIME ZONE and WITH OFFSET, or
 * first observation) as a SampleClock factory from core/time.
 */
import { ResultColumn } from '../data/result-set';
import { SvcError } from '../errors';
import { parseIsoTimestamp } from '../time/iso-timestamp';
import { SampleAlignment, SampleClock } from '../time/sample-clock';
import { isTimeUnit, Stride } from '../time/time-unit';
import { TimeZone, timeZone } from '../time/time-zone';
import type { Expression, SampleBy as SampleByAst } from './ast';
import { BoundColumn, BoundExpr, walk } from './bound-expression';
import { TypeTag } from '../data/column-type';
import { TimeBuckets } from '../time/bucket-starts';
import { ExpressionBinder } from './expression-binder';
import { BoundAggregate } from './operators/group-by';
import { SampleBy } from './operators/sample-by';
import { FillSpec } from './operators/sample-fill';
import { PlanNode } from './plan';
import { TableScan } from './operators/table-scan';
import { Filter } from './operators/filter';
import { intersectIntervals } from '../time/interval-algebra';
import { constantVector } from './vector/vector-ops';
import { SqlValue } from './vector/sql-value';

export interface SampleByInput {
  readonly clause: SampleByAst;
  readonly input: PlanNode;
  /** Group keys other than the timestamp. */
  readonly keys: readonly BoundExpr[];
  readonly aggregates: readonly BoundAggregate[];
  readonly binder: ExpressionBinder;
  /** The SELECT keyword of the query carrying SAMPLE BY: where a missing designated timestamp is reported. */
  readonly selectPosition: number;
}

export interface BoundSampleBy {
  readonly plan: SampleBy;
  /** The bucket timestamp as the key expression the projection refers to (the input's timestamp column). */
  readonly timestampKey: BoundColumn;
}

export function bindSampleBy(x: SampleByInput): BoundSampleBy {
  const c = x.clause;
  const ts = x.input.timestampIndex;
  if (x.aggregates.length === 0) throw SvcError.sql(c.interval.position, "at least one aggregation function must be present in 'select' clause");
  if (ts < 0) throw SvcError.sql(x.selectPosition, 'base query does not provide designated TIMESTAMP column');
  const tsColumn = x.input.columns[ts];
  const timestampKey: BoundColumn = { kind: 'column', index: ts, type: tsColumn.type, name: tsColumn.name, position: c.position };
  const unit = c.interval.unit;
  if (!isTimeUnit(unit) || unit === 'n' || c.interval.value <= 0) throw SvcError.sql(c.interval.position, `unsupported interval qualifier`);
  const stride: Stride = { count: c.interval.value, unit: unit === 'U' ? 'u' : unit };
  const from = c.from ? instant(x.binder, c.from) : undefined;
  const to = c.to ? instant(x.binder, c.to) : undefined;
  const align = c.align;
  let zone: TimeZone | undefined;
  let offsetMicros: number | undefined;
  if (align?.kind === 'alignCalendar') {
    if (align.timeZone) {
      const name = text(x.binder, align.timeZone);
      zone = timeZone(name);
      if (!zone) throw SvcError.sql(align.timeZone.position, `invalid timezone: ${name}`);
    }
    if (align.offset) offsetMicros = parseOffset(text(x.binder, align.offset), align.offset.position);
  }
  const firstObservation = align?.kind === 'alignFirstObservation';
  const clock = (first: number): SampleClock => {
    const alignment: SampleAlignment = {
      stride, zone, offsetMicros,
      origin: firstObservation ? first : from !== undefined ? from : undefined,
    };
    return new SampleClock(alignment, first);
  };
  const fills = bindFills(c, x.aggregates, x.binder);
  const columns: ResultColumn[] = [
    ...x.aggregates.map((a, k) => ({ name: `agg${k}`, type: a.type })),
    { name: tsColumn.name, type: tsColumn.type },
    ...x.keys.map((k, j) => ({ name: `key${j + 1}`, type: k.type })),
  ];
  const narrowed = from !== undefined || to !== undefined ? narrowScan(x.input, from ?? -MAX, to === undefined ? MAX : to - 1) : x.input;
  const clockFromFirstRow = firstObservation || zone !== undefined;
  const timestampOnlyBuckets = !clockFromFirstRow && tsColumn.type.tag === TypeTag.TIMESTAMP
    && !x.keys.some((k) => reads(k, ts)) && !x.aggregates.some((a) => a.args.some((e) => reads(e, ts)));
  const child = timestampOnlyBuckets ? bucketedScan(narrowed, ts, clock(0)) : narrowed;
  const plan = new SampleBy({ child, timestamp: ts, keys: x.keys, aggregates: x.aggregates, columns, clock, clockFromFirstRow, fills, from, to });
  return { plan, timestampKey };
}

function bindFills(c: SampleByAst, aggregates: readonly BoundAggregate[], binder: ExpressionBinder): FillSpec[] {
  const list = c.fill ?? [];
  if (list.length === 0) return aggregates.map(() => ({ mode: 'none' }));
  return aggregates.map((a, k) => {
    const f = list[Math.min(k, list.length - 1)];
    if (f.mode !== 'value') return { mode: f.mode === 'none' && list.some((o) => o.mode !== 'none') ? 'null' : f.mode };
    const v = binder.bind(f.value as Expression);
    if (v.kind !== 'constant') throw SvcError.sql(f.position, 'constant expected in FILL');
    return { mode: 'value', constant: constantVector(a.type, v.value as SqlValue, 1) };
  });
}

function constant(binder: ExpressionBinder, e: Expression): unknown {
  const v = binder.bind(e);
  if (v.kind !== 'constant') throw SvcError.sql(e.position, 'constant expected');
  return v.value;
}

function text(binder: ExpressionBinder, e: Expression): string {
  const v = constant(binder, e);
  if (typeof v !== 'string') throw SvcError.sql(e.position, 'string constant expected');
  return v;
}

function instant(binder: ExpressionBinder, e: Expression): number {
  const v = constant(binder, e);
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  const us = typeof v === 'string' ? parseIsoTimestamp(v) : undefined;
  if (us === undefined) throw SvcError.sql(e.position, `Invalid date [str='${String(v)}']`);
  return us;
}

/** `'+02:00'`, `'-00:30'`, `'02:00'` → µs. */
function parseOffset(s: string, position: number): number {
  const m = /^\s*([+-])?(\d{1,2}):(\d{2})\s*$/.exec(s);
  if (!m) throw SvcError.sql(position, `invalid offset: ${s}`);
  const sign = m[1] === '-' ? -1 : 1;
  return sign * (Number(m[2]) * 60 + Number(m[3])) * 60_000_000;
}

const MAX = 9007199254740991;

/** `plan` with the table scan under its filters (those `through` lets pass) changed by `change`; unchanged when there is none. */
function withScan(plan: PlanNode, change: (scan: TableScan) => TableScan, through: (f: Filter) => boolean = () => true): PlanNode {
  if (plan instanceof TableScan) return change(plan);
  if (plan instanceof Filter && through(plan)) return plan.over(withScan(plan.child, change, through));
  return plan;
}

/** FROM/TO also bound the rows read: a table scan (under a filter) gets the range as scan intervals. */
function narrowScan(plan: PlanNode, lo: number, hi: number): PlanNode {
  const range = [{ lo, hi }];
  return withScan(plan, (scan) => scan.with({ intervals: scan.spec.intervals ? intersectIntervals(scan.spec.intervals, range) : range }));
}

/**
 * SAMPLE BY whose timestamp only buckets rows (no key, aggregate or filter reads it, the clock does not
 * start from the first row): a table scan under it may give narrowed rows their bucket's start instead
 * of their timestamp (ScanOptions.timeBuckets), which saves reading each row's.
 */
function bucketedScan(plan: PlanNode, ts: number, buckets: TimeBuckets): PlanNode {
  return withScan(plan, (scan) => (scan.spec.reverse ? scan : scan.with({ timeBuckets: { column: scan.spec.columnIndexes[ts], buckets } })),
    (f) => !reads(f.predicate, ts));
}

function reads(e: BoundExpr, column: number): boolean {
  let found = false;
  walk(e, (x) => { if (x.kind === 'column' && x.index === column) found = true; });
  return found;
}
