/**
 * Binds `LATEST ON ts PARTITION BY keys`. Keys and the timestamp are bound before
 * the source plan is built (a lazy table scan then reads them); the plan walks the table backwards
 * when the source is a plain scan chain ordered by that timestamp.
 */
import { isDesignatedTimestampType, TypeTag } from '../data/column-type';
import { SvcError } from '../errors';
import type { LatestOn as LatestOnAst } from './ast';
import { BoundExpr, walk } from './bound-expression';
import { ExpressionBinder } from './expression-binder';
import { Filter } from './operators/filter';
import { LatestOn } from './operators/latest-on';
import { Project } from './operators/project';
import { TableScan } from './operators/table-scan';
import { ExecContext, PlanNode } from './plan';
import { FixedScope } from './scope';
import type { BoundSource } from './source-binder';

export interface PreparedLatestOn {
  readonly timestamp: BoundExpr;
  readonly keys: readonly BoundExpr[];
}

/**
 * Binds the clause's names; call before the FROM plan is finished. `designated` names the source's designated
 * timestamp, which the legacy `LATEST BY keys` (QuestDB's deprecated form, still accepted; TSBS's lastpoint
 * query uses it) means: `LATEST ON <designated> PARTITION BY keys`.
 */
export function prepareLatestOn(clause: LatestOnAst, binder: ExpressionBinder, designated: string | undefined): PreparedLatestOn {
  const id = clause.timestamp;
  if (!id && designated === undefined) throw SvcError.sql(clause.position, 'LATEST BY requires a designated timestamp; use LATEST ON ts PARTITION BY col');
  const timestamp = id
    ? binder.bind({ kind: 'column', name: id.name, quoted: id.quoted, position: id.position })
    : binder.bind({ kind: 'column', name: designated ?? '', quoted: true, position: clause.position });
  if (clause.partitionBy.length === 0) throw SvcError.sql(clause.position, 'PARTITION BY expected');
  const keys = clause.partitionBy.map((k) => binder.bind(k));
  return { timestamp, keys };
}

/** The name of the source's designated timestamp column, when it has one (for the legacy `LATEST BY`). */
export function designatedName(source: BoundSource): string | undefined {
  if (source.lazy) {
    const t = source.lazy.table;
    return t.timestampIndex >= 0 ? t.columns[t.timestampIndex].name : undefined;
  }
  const scope = source.scope;
  return scope instanceof FixedScope ? scope.columns.find((c) => c.index === scope.timestampIndex)?.name : undefined;
}

/**
 * The LatestOn plan over `input`. `reverse` rebuilds the input reading its table backwards (undefined
 * when it is not a plain scan chain).
 */
export function planLatestOn(clause: LatestOnAst, prepared: PreparedLatestOn, input: PlanNode, reverse: (p: PlanNode) => PlanNode | undefined, where?: BoundExpr): PlanNode {
  const ts = prepared.timestamp;
  if (ts.kind !== 'column') throw SvcError.sql(clause.position, 'designated timestamp column expected');
  if (ts.index !== input.timestampIndex) {
    // QuestDB 9.4.4: over a sub-query any TIMESTAMP column will do; the rows are read forwards and the
    // result is ordered by that column.
    if (!isDesignatedTimestampType(ts.type)) {
      if (input.timestampIndex < 0) throw SvcError.sql(clause.position, 'base query does not provide designated TIMESTAMP column');
      throw SvcError.sql(clause.timestamp?.position ?? clause.position, 'LATEST ON column must be a TIMESTAMP');
    }
    return new LatestOn({ child: input, backwards: false, timestamp: ts.index, keys: prepared.keys, timestampIndex: ts.index, columns: input.columns });
  }
  const reversed = reverse(input);
  const key = prepared.keys.length === 1 ? prepared.keys[0] : undefined;
  const backwards = reversed && key?.kind === 'column' ? latestOnly(reversed, key.index) ?? reversed : reversed;
  return new LatestOn({
    child: backwards ?? input,
    backwards: backwards !== undefined,
    timestamp: ts.index,
    keys: prepared.keys,
    timestampIndex: input.timestampIndex,
    columns: input.columns,
    expectedKeys: where && prepared.keys.length === 1 ? keysNamedBy(where, prepared.keys[0]) : undefined,
    keyNulls: backwards && key?.kind === 'column' ? keyNulls(backwards, key.index) : undefined,
  });
}

/**
 * Whether the SYMBOL column behind output `keyIndex` of a backwards scan chain (through filters and column
 * projections) may hold NULL in the rows the scan reads; undefined when the key is not such a column.
 */
function keyNulls(plan: PlanNode, keyIndex: number): ((context: ExecContext) => boolean) | undefined {
  if (plan instanceof TableScan) {
    const column = plan.spec.columnIndexes[keyIndex];
    if (column === undefined || plan.spec.table.columns[column].type.tag !== TypeTag.SYMBOL) return undefined;
    return (context) => plan.mayHoldNullSymbol(column, context);
  }
  if (plan instanceof Filter) return keyNulls(plan.child, keyIndex);
  if (plan instanceof Project) {
    const e = plan.exprs[keyIndex];
    return e?.kind === 'column' ? keyNulls(plan.child, e.index) : undefined;
  }
  return undefined;
}

/**
 * The backwards scan chain reading only the newest row of each key of a SYMBOL column (ScanOptions.latestBy),
 * when the key (output `keyIndex` of `plan`) is a table column read through projections without random
 * functions; undefined for anything else (a filter must see every row first).
 */
function latestOnly(plan: PlanNode, keyIndex: number): PlanNode | undefined {
  if (plan instanceof TableScan) {
    const column = plan.spec.columnIndexes[keyIndex];
    if (!plan.spec.reverse || column === undefined || plan.spec.table.columns[column].type.tag !== TypeTag.SYMBOL) return undefined;
    return plan.with({ latestBy: column });
  }
  if (plan instanceof Project) {
    const e = plan.exprs[keyIndex];
    let volatile = false;
    for (const x of plan.exprs) walk(x, (y) => { if (y.kind === 'call' && y.fn.volatile) volatile = true; });
    if (volatile || e?.kind !== 'column') return undefined;
    const child = latestOnly(plan.child, e.index);
    return child ? new Project(child, plan.exprs, plan.columns, plan.timestampIndex) : undefined;
  }
  return undefined;
}

/**
 * How many keys WHERE allows when it pins the single partition key to constants (`k = 'a'`,
 * `k IN ('a', 'b')`): the backwards walk can stop once that many keys were found.
 */
function keysNamedBy(where: BoundExpr, key: BoundExpr): number | undefined {
  if (key.kind !== 'column') return undefined;
  const isKey = (e: BoundExpr): boolean => e.kind === 'column' && e.index === key.index;
  const constants = (list: readonly BoundExpr[]): number | undefined => (list.every((a) => a.kind === 'constant' && a.value !== null) ? new Set(list.map((a) => (a.kind === 'constant' ? String(a.value) : ''))).size : undefined);
  let best: number | undefined;
  const visit = (e: BoundExpr): void => {
    if (e.kind !== 'call') return;
    if (e.fn.name === 'and') { e.args.forEach(visit); return; }
    let n: number | undefined;
    if (e.fn.name === '=' && e.args.length === 2) n = isKey(e.args[0]) ? constants([e.args[1]]) : isKey(e.args[1]) ? constants([e.args[0]]) : undefined;
    if (e.fn.name === 'in' && isKey(e.args[0])) n = constants(e.args.slice(1));
    if (n !== undefined) best = best === undefined ? n : Math.min(best, n);
  };
  visit(where);
  return best;
}
