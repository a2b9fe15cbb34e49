/**
 * FROM clauses: tables (lazy scope, pruned scan), CTE references, sub-queries, table functions and
 * joins (inner/left/cross with hash keys from ON equalities or `ON (col)`). Time-series joins answer
 * "not supported yet" at the join keyword until they are implemented.
 */
import { SvcError } from '../errors';
import type { TableFunction } from '../extension/sql-function';
import type { Expression, FromClause, Join as JoinAst, Query, Source } from './ast';
import { BindEnvironment } from './bind-environment';
import { BoundExpr, walk } from './bound-expression';
import { ExpressionBinder, quantifierOf } from './expression-binder';
import { Join } from './operators/join';
import { Project } from './operators/project';
import { SingleRow } from './operators/single-row';
import { TableFunctionScan } from './operators/table-function-scan';
import { TableScan } from './operators/table-scan';
import { PlanNode } from './plan';
import { EMPTY_SCOPE, FixedScope, LazyTableScope, Scope, ScopeColumn } from './scope';
import { shiftColumns } from './shift-columns';
import { isTimeJoin, planTimeJoin } from './time-join';

export interface BoundSource {
  readonly scope: Scope;
  /** The plan, or undefined for a lazy table whose scan is built once every column reference is known. */
  readonly plan?: PlanNode;
  readonly lazy?: LazyTableScope;
}

export class SourceBinder {
  constructor(
    private readonly env: BindEnvironment,
    private readonly ctes: ReadonlyMap<string, Query>,
    private readonly bindQuery: (q: Query, ctes: ReadonlyMap<string, Query>) => PlanNode,
  ) {}

  bindFrom(from: FromClause): BoundSource {
    const first = this.source(from.source, from.joins.length === 0);
    if (from.joins.length === 0) return first;
    let plan = first.plan ?? fullScan(first);
    let columns = fixedColumns(first.scope, plan);
    for (const j of from.joins) {
      const right = this.source(j.source, false);
      const rplan = right.plan ?? fullScan(right);
      const rcols = fixedColumns(right.scope, rplan).map((c) => ({ ...c, index: c.index + columns.length }));
      const joined = new FixedScope([...columns, ...rcols], plan.timestampIndex);
      plan = this.join(j, plan, rplan, joined, columns.length);
      columns = [...columns, ...rcols];
    }
    return { scope: new FixedScope(columns, plan.timestampIndex), plan };
  }

  private join(j: JoinAst, left: PlanNode, right: PlanNode, scope: FixedScope, leftCount: number): PlanNode {
    if (!isTimeJoin(j) && (j.joinType === 'cross' || j.joinType === 'comma' || (!j.on && !j.using))) return new Join('cross', left, right, [], [], undefined);
    const binder = new ExpressionBinder(this.env.registry, scope, { subquery: (q) => this.bindQuery(q, this.ctes), onSubquery: (e) => this.env.subqueries.push(e), parameters: this.env.parameters });
    const leftKeys: BoundExpr[] = [], rightKeys: BoundExpr[] = [];
    const rest: BoundExpr[] = [];
    if (j.using) {
      for (const id of j.using) {
        const l = scope.columns.find((c) => c.index < leftCount && c.name.toLowerCase() === id.name.toLowerCase());
        const r = scope.columns.find((c) => c.index >= leftCount && c.name.toLowerCase() === id.name.toLowerCase());
        if (!l || !r) throw SvcError.invalidColumn(id.position, id.name);
        leftKeys.push({ kind: 'column', index: l.index, type: l.type, name: l.name, position: id.position });
        rightKeys.push({ kind: 'column', index: r.index - leftCount, type: r.type, name: r.name, position: id.position });
      }
    } else if (j.on) {
      for (const part of conjuncts(j.on)) {
        // `a.attnum = ANY(ix.indkey)` is a test of the elements, not a key equality.
        if (part.kind === 'binary' && part.op === '=' && !quantifierOf(part.right)) {
          const a = binder.bind(part.left), b = binder.bind(part.right);
          const sa = side(a, leftCount), sb = side(b, leftCount);
          if (sa === 'left' && sb === 'right') { leftKeys.push(a); rightKeys.push(shiftColumns(b, -leftCount)); continue; }
          if (sa === 'right' && sb === 'left') { leftKeys.push(b); rightKeys.push(shiftColumns(a, -leftCount)); continue; }
        }
        rest.push(binder.toBoolean(binder.bind(part)));
      }
    }
    const condition = rest.length ? rest.reduce((x, y) => binder.apply('and', [x, y], 0)) : undefined;
    if (isTimeJoin(j)) return planTimeJoin(j, left, right, leftKeys, rightKeys, condition);
    return new Join(j.joinType === 'left' ? 'left' : 'inner', left, right, leftKeys, rightKeys, condition);
  }

  /** One FROM item, its columns renamed by `AS a(x, y, …)` when the query gives names. */
  private source(s: Source, lazyAllowed: boolean): BoundSource {
    const names = s.columnAliases;
    if (!names) return this.sourceOf(s, lazyAllowed);
    const bound = this.sourceOf(s, false);
    const plan = bound.plan ?? fullScan(bound);
    if (names.length > plan.columns.length) {
      throw SvcError.sql(names[plan.columns.length].position, `table "${s.alias?.name ?? ''}" has ${plan.columns.length} columns available but ${names.length} columns specified`);
    }
    const columns = plan.columns.map((c, i) => (i < names.length ? { name: names[i].name, type: c.type } : c));
    const renamed: PlanNode = { columns, timestampIndex: plan.timestampIndex, label: plan.label, children: plan.children, execute: (c) => plan.execute(c) };
    return this.fixed(renamed, s.alias?.name, undefined);
  }

  /** One FROM item. A plain table stays lazy only when `lazyAllowed` (no joins). */
  private sourceOf(s: Source, lazyAllowed: boolean): BoundSource {
    const alias = s.alias?.name;
    if (s.kind === 'tableSource') {
      const key = s.name.name.toLowerCase();
      const cte = this.ctes.get(key);
      if (cte) {
        const inner = new Map(this.ctes);
        inner.delete(key);
        return this.fixed(this.bindQuery(cte, inner), alias ?? s.name.name, s.timestamp?.name);
      }
      const system = this.env.registry.tableFunction(key);
      if (system?.systemRelation) return this.fixed(this.catalogScan(system), alias ?? s.name.name, s.timestamp?.name);
      const table = this.env.storage.getTable(s.name.name);
      if (!table) {
        // PostgreSQL tools name catalog relations without their schema (`FROM pg_type`); a real table wins.
        const catalog = /^pg_/i.test(s.name.name) ? this.env.registry.tableFunction(`pg_catalog.${s.name.name}`) : undefined;
        if (!catalog) throw SvcError.tableDoesNotExist(s.name.position, s.name.name);
        return this.fixed(this.catalogScan(catalog), alias ?? s.name.name, s.timestamp?.name);
      }
      const lazy = new LazyTableScope(table, alias);
      if (lazyAllowed && !s.timestamp) return { scope: lazy, lazy };
      return this.fixed(fullScan({ scope: lazy, lazy }), alias ?? table.name, s.timestamp?.name);
    }
    if (s.kind === 'subquerySource') return this.fixed(this.bindQuery(s.query, this.ctes), alias, s.timestamp?.name);
    const fn = this.env.registry.tableFunction(s.call.name);
    const binder = new ExpressionBinder(this.env.registry, EMPTY_SCOPE, { subquery: (q) => this.bindQuery(q, this.ctes), onSubquery: (e) => this.env.subqueries.push(e), parameters: this.env.parameters });
    if (!fn && this.env.registry.hasScalar(s.call.name)) {
      // PostgreSQL: a scalar function in FROM is one row (`FROM string_to_array(…) s`).
      const value = binder.bind(s.call);
      const row = new Project(new SingleRow(), [value], [{ name: s.call.name, type: value.type }], -1);
      return this.fixed(selfNamed(row, s.call.name, alias), alias ?? schemaQualified(s.call.name), s.timestamp?.name);
    }
    if (!fn) throw SvcError.sql(s.call.position, `unknown function name: ${s.call.name}`);
    const args = s.call.args.map((a) => binder.bind(a));
    const positions = s.call.args.map((a) => a.position);
    // A function that reads its arguments at execution takes them that way even when they are constants
    // (an ARRAY[…] literal has no constant value).
    const runtime = fn.describeRuntime;
    if (!runtime) {
      for (const a of args) if (a.kind !== 'constant') throw SvcError.sql(a.kind === 'column' ? a.position : s.call.position, 'constant expected');
    }
    const values = args.map((a) => (a.kind === 'constant' && typeof a.value === 'bigint' ? Number(a.value) : a.kind === 'constant' ? a.value : undefined));
    const shape = runtime ? runtime.call(fn, args.map((a) => a.type), positions) : fn.describe(values, positions, this.env.describeContext);
    if (shape.seeds) this.env.seeds = shape.seeds;
    const scan = new TableFunctionScan(fn.name, shape, (c) => this.env.tableFunctionContext(c), runtime ? args : undefined);
    return this.fixed(selfNamed(scan, s.call.name, alias), alias ?? schemaQualified(s.call.name), s.timestamp?.name);
  }

  /** A relation named like a table (`FROM pg_type`, `FROM telemetry_config`): its function without arguments. */
  private catalogScan(fn: TableFunction): PlanNode {
    return new TableFunctionScan(fn.name, fn.describe([], [], this.env.describeContext), (c) => this.env.tableFunctionContext(c));
  }

  private fixed(plan: PlanNode, alias: string | readonly string[] | undefined, timestamp: string | undefined): BoundSource {
    const qualifiers = alias === undefined ? [] : typeof alias === 'string' ? [alias.toLowerCase()] : alias.map((a) => a.toLowerCase());
    const columns: ScopeColumn[] = plan.columns.map((c, i) => ({ name: c.name, qualifiers, type: c.type, index: i }));
    let ts = plan.timestampIndex;
    if (timestamp) {
      ts = columns.findIndex((c) => c.name.toLowerCase() === timestamp.toLowerCase());
      if (ts < 0) throw SvcError.invalidColumn(0, timestamp);
    }
    const withTs: PlanNode = ts === plan.timestampIndex ? plan : { ...plan, timestampIndex: ts, columns: plan.columns, children: plan.children, label: plan.label, execute: (c) => plan.execute(c) };
    return { scope: new FixedScope(columns, ts), plan: withTs };
  }
}

/** `FROM pg_catalog.pg_type` without an alias: its columns are `pg_type.oid` as well as `pg_catalog.pg_type.oid`. */
function schemaQualified(name: string): string | readonly string[] {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? name : [name, name.slice(dot + 1)];
}

/**
 * PostgreSQL names the one column of a function that is named after the function by the alias:
 * `FROM generate_series(1, 3) AS i` has a column `i`. (`long_sequence(3) s` keeps its column `x`.)
 */
function selfNamed(plan: PlanNode, fn: string, alias: string | undefined): PlanNode {
  const only = plan.columns.length === 1 ? plan.columns[0] : undefined;
  if (!alias || !only || only.name.toLowerCase() !== fn.replace(/^.*\./, '').toLowerCase()) return plan;
  const columns = [{ name: alias, type: only.type }];
  return { columns, timestampIndex: plan.timestampIndex, label: plan.label, children: plan.children, execute: (c) => plan.execute(c) };
}

/** The scan of every column of a lazy table (joins need a fixed layout). */
export function fullScan(s: BoundSource): PlanNode {
  const lazy = s.lazy as LazyTableScope;
  lazy.star(undefined, 0);
  return new TableScan({ table: lazy.table, columnIndexes: [...lazy.used] });
}

function fixedColumns(scope: Scope, plan: PlanNode): ScopeColumn[] {
  if (scope instanceof FixedScope) return [...scope.columns];
  const lazy = scope as LazyTableScope;
  return plan.columns.map((c, i) => ({ name: c.name, qualifiers: lazy.star(undefined, 0)[i].qualifiers, type: c.type, index: i }));
}

function conjuncts(e: Expression): Expression[] {
  if (e.kind === 'binary' && e.op === 'and') return [...conjuncts(e.left), ...conjuncts(e.right)];
  return [e];
}

export function side(e: BoundExpr, leftCount: number): 'left' | 'right' | 'both' | 'none' {
  let l = false, r = false;
  walk(e, (x) => { if (x.kind === 'column') { if (x.index < leftCount) l = true; else r = true; } });
  return l && r ? 'both' : l ? 'left' : r ? 'right' : 'none';
}
