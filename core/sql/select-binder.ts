/**
 * Binds and plans one SELECT: FROM → WHERE (scan intervals + compiled filter)
 * → set-returning functions of the SELECT list (ProjectSet) → implicit or explicit GROUP BY → projection with QuestDB column names → DISTINCT → ORDER BY (or a
 * backwards scan for `ORDER BY ts DESC`) → LIMIT. `count(*)` of a whole table reads metadata only.
 */
import { TypeTag } from '../data/column-type';
import { ResultColumn } from '../data/result-set';
import { SvcError } from '../errors';
import type { Expression, OrderItem, Query, Select } from './ast';
import { exprKey, isAggregateRef, SelectAggregates } from './aggregate-collector';
import { BindEnvironment } from './bind-environment';
import { BoundExpr, conjuncts } from './bound-expression';
import { expressionName, NameAllocator } from './column-naming';
import { CompiledFilter } from './compiled-filter';
import { ExpressionBinder } from './expression-binder';
import { extractIntervals } from './intervals/interval-extraction';
import { requiredSymbols } from './symbol-narrowing';
import { parameterIntervals } from './parameters/parameter-intervals';
import { CountStar } from './operators/count-star';
import { Distinct } from './operators/distinct';
import { Filter } from './operators/filter';
import { GroupBy } from './operators/group-by';
import { Project } from './operators/project';
import { SingleRow } from './operators/single-row';
import { TableScan } from './operators/table-scan';
import { PlanNode } from './plan';
import { EMPTY_SCOPE } from './scope';
import { BoundSource, SourceBinder } from './source-binder';
import { Join } from './operators/join';
import { hashJoinFromWhere } from './where-join';
import { containsAggregate, rewriteGrouped } from './grouping-rewrite';
import { orderAndLimit, OrderTarget } from './order-limit';
import { bindSampleBy } from './sample-by-binder';
import { designatedName, planLatestOn, prepareLatestOn } from './latest-on-binder';
import { pruneJoinColumns } from './time-join';
import { rewriteWindowRefs, WindowCollector } from './window-binder';
import { Window } from './operators/window';
import { SampleBy } from './operators/sample-by';
import { ProjectSet } from './operators/project-set';
import { rewriteSetReturningRefs, SetReturningCollector } from './set-returning';

interface Item {
  expr: BoundExpr;
  name: string;
  hidden: boolean;
}

export class SelectBinder {
  constructor(
    private readonly env: BindEnvironment,
    private readonly ctes: ReadonlyMap<string, Query>,
    private readonly bindQuery: (q: Query, ctes: ReadonlyMap<string, Query>) => PlanNode,
  ) {}

  bind(s: Select): PlanNode {
    const subquery = (q: Query): PlanNode => this.bindQuery(q, this.ctes);
    const source: BoundSource = s.from ? new SourceBinder(this.env, this.ctes, this.bindQuery).bindFrom(s.from) : { scope: EMPTY_SCOPE, plan: new SingleRow() };
    const scope = source.scope;
    const aggregates = new SelectAggregates(this.env.registry);
    const plain = new ExpressionBinder(this.env.registry, scope, { subquery, onSubquery: (e) => this.env.subqueries.push(e), parameters: this.env.parameters });
    const windows = new WindowCollector(s.windows);
    const setReturning = new SetReturningCollector();
    const collecting = new ExpressionBinder(this.env.registry, scope, {
      subquery, aggregates, windows, setReturning, onSubquery: (e) => this.env.subqueries.push(e), parameters: this.env.parameters,
    });

    const where = s.where ? plain.toBoolean(plain.bind(s.where)) : undefined;
    const names = new NameAllocator();
    for (const it of s.projection) if (it.alias) names.reserve(it.alias.name, it.alias.position);
    const items: Item[] = [];
    for (const it of s.projection) {
      if (it.expr.kind === 'star') {
        for (const c of scope.star(it.expr.qualifier, it.expr.position)) {
          items.push({ expr: { kind: 'column', index: c.index, type: c.type, name: c.name, position: it.position }, name: names.takeStar(c.name), hidden: false });
        }
        continue;
      }
      const expr = collecting.bind(it.expr);
      items.push({ expr, name: it.alias?.name ?? names.take(expressionName(it.expr)), hidden: false });
    }
    if (s.having && aggregates.list.length === 0 && !s.groupBy) throw SvcError.sql(s.having.position, 'HAVING requires an aggregate query');
    const having = s.having ? collecting.toBoolean(collecting.bind(s.having)) : undefined;
    const order: OrderTarget[] = (s.orderBy ?? []).map((o) => this.orderTarget(o, items, collecting));

    // count(*) of a whole table comes from the reader's metadata.
    if (source.lazy && !where && !s.latestOn && !s.sampleBy && !s.groupBy && !having && items.length === 1 && aggregates.list.length === 1
      && aggregates.list[0].fn.name === 'count' && aggregates.list[0].args.length === 0 && isAggregateRef(items[0].expr)) {
      return orderAndLimit(new CountStar(source.lazy.table.name, items[0].name), [], s.limit, false, this.env);
    }

    const grouped = aggregates.list.length > 0 || s.groupBy !== undefined || s.sampleBy !== undefined;
    // SAMPLE BY and LATEST ON read the designated timestamp even when the projection does not.
    if ((s.sampleBy || s.latestOn) && source.lazy && source.lazy.table.timestampIndex >= 0) source.lazy.slot(source.lazy.table.timestampIndex);
    const latest = s.latestOn ? prepareLatestOn(s.latestOn, plain, designatedName(source)) : undefined;
    // Keys are bound before the scan is built: a GROUP BY column may be one the SELECT list does not use.
    let keys = grouped ? this.groupKeys(s, items, plain) : [];
    const groupKeys = keys;
    let input = this.sourcePlan(source, where);
    if (s.latestOn && latest) input = planLatestOn(s.latestOn, latest, input, (p) => this.reversible(p, true, 2048), where);
    let exprs = items.map((i) => i.expr);
    let tsIndex = -1;
    if (setReturning.calls.length > 0) {
      if (grouped || windows.calls.length > 0) throw SvcError.sql(s.position, 'set-returning functions cannot be combined with GROUP BY, SAMPLE BY or window functions; use a sub-query');
      const base = input.columns.length;
      input = new ProjectSet(input, setReturning.calls, (c) => this.env.tableFunctionContext(c));
      exprs = exprs.map((e) => rewriteSetReturningRefs(e, base));
    }
    if (windows.calls.length > 0) {
      if (grouped) throw SvcError.sql(s.position, 'window functions cannot be combined with GROUP BY or SAMPLE BY; use a sub-query');
      const base = input.columns.length;
      input = new Window(input, windows.calls);
      exprs = exprs.map((e) => rewriteWindowRefs(e, base));
    }
    if (grouped) {
      let sampled: SampleBy | undefined;
      if (s.sampleBy) {
        const tsSlot = input.timestampIndex;
        const others = keys.filter((k) => !(k.kind === 'column' && k.index === tsSlot));
        const bound = bindSampleBy({ clause: s.sampleBy, input, keys: others, aggregates: aggregates.list, binder: plain, selectPosition: s.position });
        keys = [bound.timestampKey, ...others];
        sampled = bound.plan;
      }
      const keyIndex = new Map<string, number>();
      keys.forEach((k, j) => keyIndex.set(exprKey(k), aggregates.list.length + j));
      const rewrite = (e: BoundExpr): BoundExpr => rewriteGrouped(e, keyIndex);
      const columns: ResultColumn[] = [
        ...aggregates.list.map((a, k) => ({ name: `agg${k}`, type: a.type })),
        ...keys.map((k, j) => ({ name: `key${j}`, type: k.type })),
      ];
      exprs = exprs.map(rewrite);
      input = sampled ?? new GroupBy(input, keys, aggregates.list, columns);
      if (sampled) tsIndex = exprs.findIndex((e, i) => !items[i].hidden && e.kind === 'column' && e.index === aggregates.list.length);
      if (having) input = new Filter(input, rewrite(having), undefined);
    } else {
      const ts = input.timestampIndex;
      tsIndex = ts < 0 ? -1 : exprs.findIndex((e, i) => !items[i].hidden && e.kind === 'column' && e.index === ts);
    }
    const visible = items.filter((i) => !i.hidden);
    const columns: ResultColumn[] = items.map((i, k) => ({ name: i.name, type: exprs[k].type }));
    let plan: PlanNode = isIdentity(exprs, input, columns) ? input : new Project(input, exprs, columns, tsIndex);
    if (s.distinct) plan = new Distinct(plan);
    pruneJoinColumns(source.plan, [...items.map((i) => i.expr), ...aggregates.list.flatMap((a) => a.args), ...setReturning.calls.flatMap((c) => c.args), where, having, ...groupKeys,
      latest?.timestamp, ...(latest?.keys ?? []), ...windows.calls.flatMap((w) => [...w.args, ...w.partition, ...w.order.map((o) => o.expr)])]);
    return orderAndLimit(plan, order, s.limit, visible.length !== items.length, this.env, source.lazy ? (reverse: boolean, rows: number | undefined) => this.reversible(plan, reverse, rows) : undefined);
  }

  /** An ORDER BY item: output position, output name/alias, or an expression added as a hidden column. */
  private orderTarget(o: OrderItem, items: Item[], binder: ExpressionBinder): OrderTarget {
    const e = o.expr;
    if (e.kind === 'literal' && e.type === 'int') {
      const visible = items.filter((i) => !i.hidden);
      if (e.value < 1 || e.value > visible.length) throw SvcError.sql(e.position, 'order column position is out of range');
      return { index: items.indexOf(visible[e.value - 1]), descending: o.descending };
    }
    if (e.kind === 'column' && !e.qualifier) {
      const k = items.findIndex((i) => !i.hidden && i.name.toLowerCase() === e.name.toLowerCase());
      if (k >= 0) return { index: k, descending: o.descending };
    }
    const bound = binder.bind(e);
    const same = items.findIndex((i) => exprKey(i.expr) === exprKey(bound));
    if (same >= 0) return { index: same, descending: o.descending };
    items.push({ expr: bound, name: `\u0000order${items.length}`, hidden: true });
    return { index: items.length - 1, descending: o.descending };
  }

  private groupKeys(s: Select, items: Item[], binder: ExpressionBinder): BoundExpr[] {
    if (!s.groupBy) {
      return items.filter((i) => !i.hidden && !containsAggregate(i.expr) && i.expr.kind !== 'constant').map((i) => i.expr);
    }
    return s.groupBy.map((g: Expression) => {
      if (g.kind === 'literal' && g.type === 'int') {
        const visible = items.filter((i) => !i.hidden);
        if (g.value < 1 || g.value > visible.length) throw SvcError.sql(g.position, 'GROUP BY position is out of range');
        return visible[g.value - 1].expr;
      }
      if (g.kind === 'column' && !g.qualifier) {
        const alias = items.find((i) => !i.hidden && i.name.toLowerCase() === g.name.toLowerCase() && !containsAggregate(i.expr));
        if (alias) {
          try { return binder.bind(g); } catch { return alias.expr; }
        }
      }
      return binder.bind(g);
    });
  }

  /** The FROM plan with WHERE applied; a lazy table becomes its pruned scan with intervals. */
  private sourcePlan(source: BoundSource, where: BoundExpr | undefined): PlanNode {
    if (!source.lazy) {
      let plan = source.plan as PlanNode;
      let rest = where;
      if (where && plan instanceof Join && plan.type === 'cross') ({ plan, rest } = hashJoinFromWhere(plan, where, this.env.registry));
      return rest ? new Filter(plan, rest, this.compile(rest)) : plan;
    }
    const lazy = source.lazy;
    if (lazy.used.length === 0) lazy.slot(lazy.table.timestampIndex >= 0 ? lazy.table.timestampIndex : 0);
    let rest = where;
    let intervals;
    // A TIMESTAMP_NS timestamp's values are ns while scan intervals are µs (interval-extraction.ts).
    const nanos = lazy.table.timestampIndex >= 0 && lazy.table.columns[lazy.table.timestampIndex].type.tag === TypeTag.TIMESTAMP_NS;
    if (where && lazy.timestampIndex >= 0) {
      const split = extractIntervals(where, lazy.timestampIndex, (a, b) => new ExpressionBinder(this.env.registry, EMPTY_SCOPE, { subquery: () => { throw new Error('unreachable'); } }).apply('and', [a, b], 0), nanos);
      intervals = split.intervals;
      rest = split.rest;
    }
    const runtimeIntervals = nanos ? undefined : parameterIntervals(rest, lazy.timestampIndex);
    const columnIndexes = [...lazy.used];
    const symbolValues = requiredSymbols(rest, (slot) => columnIndexes[slot]);
    const scan = new TableScan({ table: lazy.table, columnIndexes, intervals, runtimeIntervals, symbolValues });
    // A WHERE that is only the narrowing conjunct holds for every row of a narrowed batch.
    const implied = symbolValues && rest && conjuncts(rest).length === 1 ? symbolValues : undefined;
    return rest ? new Filter(scan, rest, this.compile(rest), implied) : scan;
  }

  private compile(predicate: BoundExpr): CompiledFilter | undefined {
    return this.env.jit ? CompiledFilter.compile(predicate) : undefined;
  }

  /** Rebuilds `plan` with its table scan reading backwards (ORDER BY ts DESC), or undefined when not a plain scan chain. */
  private reversible(plan: PlanNode, reverse: boolean, rows: number | undefined): PlanNode | undefined {
    if (plan instanceof TableScan) return reverse ? plan.with({ reverse: true, batchRows: rows === undefined ? undefined : Math.min(65536, Math.max(16, rows)) }) : plan;
    if (plan instanceof Filter) {
      const c = this.reversible(plan.child, reverse, undefined);
      return c ? plan.over(c) : undefined;
    }
    if (plan instanceof Project) {
      const c = this.reversible(plan.child, reverse, rows);
      return c ? new Project(c, plan.exprs, plan.columns, reverse ? -1 : plan.timestampIndex) : undefined;
    }
    return undefined;
  }
}

function isIdentity(exprs: readonly BoundExpr[], input: PlanNode, columns: readonly ResultColumn[]): boolean {
  if (exprs.length !== input.columns.length) return false;
  return exprs.every((e, i) => e.kind === 'column' && e.index === i && columns[i].name === input.columns[i].name);
}
