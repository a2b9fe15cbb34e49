/**
 * A generated query as parts (the minimiser drops and shrinks them), rendered in QuestDB's dialect for
 * svc and in DuckDB's for the peer: implicit GROUP BY becomes explicit, SAMPLE BY becomes time_bucket
 * (origin the epoch, as ALIGN TO CALENDAR for strides of a day or less), LATEST ON becomes QUALIFY
 * row_number() = 1 (the last row in storage order: largest ts, then largest id), and ORDER BY states
 * QuestDB's NULL placement (a NULL is the smallest INT/LONG/TIMESTAMP, and sorts first among strings).
 */
import { Expr } from './expr';

export interface SelectItem {
  readonly expr: Expr;
  readonly alias: string;
}

export interface OrderKey {
  /** Index into the select list. */
  readonly item: number;
  readonly desc: boolean;
}

export interface Source {
  readonly table: string;
  readonly alias?: string;
}

export interface JoinClause {
  readonly kind: 'INNER' | 'LEFT';
  readonly right: Source;
  readonly on: Expr;
}

export interface SampleBy {
  /** QuestDB's stride (`15m`) and DuckDB's interval (`15 minutes`). */
  readonly stride: string;
  readonly interval: string;
  /** The select item that is the bucket's timestamp (`ts`). */
  readonly item: number;
}

export interface SelectQuery {
  /** What the query exercises, for the report (`filter`, `group`, `window`, `sample`, `latest`, `join` …). */
  readonly construct: string;
  readonly from: Source;
  readonly join?: JoinClause;
  readonly items: readonly SelectItem[];
  readonly where?: Expr;
  /** Select items that are grouping keys, when the query aggregates. */
  readonly groupBy?: readonly number[];
  /** svc also spells GROUP BY out (QuestDB accepts both). */
  readonly explicitGroupBy?: boolean;
  readonly sampleBy?: SampleBy;
  /** LATEST ON ts PARTITION BY these. */
  readonly latestBy?: readonly Expr[];
  readonly distinct?: boolean;
  readonly orderBy?: readonly OrderKey[];
  /** ORDER BY decides the order of every row, so results compare in order (and LIMIT may apply). */
  readonly ordered: boolean;
  readonly limit?: number;
}

function sourceText(s: Source): string {
  return s.alias ? `${s.table} ${s.alias}` : s.table;
}

function fromText(q: SelectQuery, dialect: 'q' | 'd'): string {
  let text = sourceText(q.from);
  if (q.join) text += ` ${q.join.kind === 'LEFT' ? 'LEFT JOIN' : 'JOIN'} ${sourceText(q.join.right)} ON ${q.join.on[dialect]}`;
  return text;
}

export function renderSvc(q: SelectQuery): string {
  const items = q.items.map((i) => `${i.expr.q} ${i.alias}`).join(', ');
  let sql = `SELECT ${q.distinct ? 'DISTINCT ' : ''}${items} FROM ${fromText(q, 'q')}`;
  if (q.where) sql += ` WHERE ${q.where.q}`;
  if (q.latestBy) sql += ` LATEST ON ts PARTITION BY ${q.latestBy.map((e) => e.q).join(', ')}`;
  if (q.sampleBy) sql += ` SAMPLE BY ${q.sampleBy.stride}`;
  if (q.groupBy && q.explicitGroupBy && !q.sampleBy && q.groupBy.length > 0) sql += ` GROUP BY ${q.groupBy.map((i) => q.items[i].alias).join(', ')}`;
  if (q.orderBy && q.orderBy.length > 0) sql += ` ORDER BY ${q.orderBy.map((k) => `${k.item + 1}${k.desc ? ' DESC' : ''}`).join(', ')}`;
  if (q.limit !== undefined) sql += ` LIMIT ${q.limit}`;
  return sql;
}

/** DuckDB's select list: the items, then the hidden error scales of float sums (the comparer reads them). */
export function duckItems(q: SelectQuery): string[] {
  const items = q.items.map((i, n) => (q.sampleBy && n === q.sampleBy.item
    ? `time_bucket(INTERVAL '${q.sampleBy.interval}', ${i.expr.d}, TIMESTAMP '1970-01-01') AS ${i.alias}`
    : `${i.expr.d} AS ${i.alias}`));
  q.items.forEach((i, n) => {
    if (i.expr.exactness === 'sum' && i.expr.scale) items.push(`${i.expr.scale} AS scale${n}`);
  });
  return items;
}

export function renderDuck(q: SelectQuery): string {
  let sql = `SELECT ${q.distinct ? 'DISTINCT ' : ''}${duckItems(q).join(', ')} FROM ${fromText(q, 'd')}`;
  if (q.where) sql += ` WHERE ${q.where.d}`;
  const keys = q.sampleBy ? [q.sampleBy.item, ...(q.groupBy ?? [])] : q.groupBy ?? [];
  const aggregates = q.items.some((i) => i.expr.aggregate);
  if (aggregates && keys.length > 0) sql += ` GROUP BY ${[...new Set(keys)].map((i) => i + 1).join(', ')}`;
  if (q.latestBy) sql += ` QUALIFY row_number() OVER (PARTITION BY ${q.latestBy.map((e) => e.d).join(', ')} ORDER BY ts DESC, id DESC) = 1`;
  if (q.orderBy && q.orderBy.length > 0) {
    // ASC puts NULL first (QuestDB's NULLs are the smallest values), DESC puts it last.
    sql += ` ORDER BY ${q.orderBy.map((k) => `${k.item + 1} ${k.desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`).join(', ')}`;
  }
  if (q.limit !== undefined) sql += ` LIMIT ${q.limit}`;
  return sql;
}

/** The tables a query reads (the minimiser shrinks these). */
export function tablesOf(q: SelectQuery): string[] {
  return q.join ? [q.from.table, q.join.right.table] : [q.from.table];
}
