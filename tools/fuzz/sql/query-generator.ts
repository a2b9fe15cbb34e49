/**
 * One random query over a world of tables, of one construct: filter (scalar select list + WHERE), aggregate
 * (no keys), group (one to three keys, implicit or explicit GROUP BY), distinct, window, sample (SAMPLE BY ↔
 * time_bucket), latest (LATEST ON ↔ QUALIFY), join (INNER/LEFT on the shared keys, maybe grouped).
 * ORDER BY decides the order fully or the result compares as a multiset; LIMIT only with a full order.
 */
import { Prng } from '../prng';
import { isFloat, isInteger } from './fuzz-types';
import { column, Expr, node } from './expr';
import { aggregateExpression } from './aggregate-expressions';
import { ExpressionGenerator } from './expression-generator';
import { predicateExpression } from './predicate-expressions';
import { Scope, ScopeColumn } from './scope';
import { OrderKey, SampleBy, SelectItem, SelectQuery } from './select-query';
import { FuzzTable } from './table-generator';
import { windowExpression } from './window-expressions';

export type Construct = 'filter' | 'aggregate' | 'group' | 'distinct' | 'window' | 'sample' | 'latest' | 'join';

const CONSTRUCTS: readonly (readonly [Construct, number])[] = [
  ['filter', 5], ['aggregate', 3], ['group', 4], ['distinct', 1], ['window', 3], ['sample', 2], ['latest', 2], ['join', 3],
];

const STRIDES: readonly (readonly [string, string])[] = [
  ['10s', '10 seconds'], ['15m', '15 minutes'], ['30m', '30 minutes'], ['1h', '1 hour'], ['2h', '2 hours'], ['3h', '3 hours'],
  ['6h', '6 hours'], ['12h', '12 hours'], ['1d', '1 day'], ['1M', '1 month'], ['1y', '1 year'],
];

function scopeOf(rnd: Prng, t: FuzzTable, qualifier?: string, outer?: boolean): ScopeColumn[] {
  return t.columns.map((c, ci) => ({
    name: c.name, type: c.type, profile: c.profile, bmpOnly: c.bmpOnly, qualifier, outer,
    values: rnd.sample(t.rows.map((r) => r[ci]), 8),
  }));
}

/** A grouping key: a column or a simple expression of an exact type (no float keys: QuestDB groups them by bits). */
function keyExpression(g: ExpressionGenerator): Expr {
  const c = g.columnOf('any', (col) => !isFloat(col.type) && col.type !== 'DECIMAL');
  if (!c) return g.of('integer', 1);
  const e = g.ref(c);
  if (g.rnd.chance(0.2) && isInteger(c.type)) {
    const m = g.rnd.int(2, 5);
    return node({ type: c.type === 'LONG' ? 'LONG' : 'INT', q: ([x]) => `(${x} % ${m})`, d: ([x]) => `q_imod(${x}, ${m})` }, [e]);
  }
  return e;
}

/** ORDER BY over `keys` (select item indexes): a full order when the keys identify each row. */
function orderOn(rnd: Prng, keys: readonly number[]): OrderKey[] {
  return keys.map((item) => ({ item, desc: rnd.chance(0.3) }));
}

function limitFor(rnd: Prng, ordered: boolean): number | undefined {
  return ordered && rnd.chance(0.4) ? rnd.int(0, 20) : undefined;
}

/** Items that sort exactly (integers, text, timestamps, booleans) may decide an order. */
function sortable(e: Expr): boolean {
  return !isFloat(e.type) && e.type !== 'UUID' && e.type !== 'DECIMAL' && e.exactness === 'exact';
}

export class QueryGenerator {
  constructor(private readonly rnd: Prng, private readonly tables: readonly FuzzTable[]) {}

  next(): SelectQuery {
    const construct = this.rnd.weighted(CONSTRUCTS);
    const t = this.rnd.pick(this.tables);
    if ((construct === 'sample' || construct === 'latest') && !t.designated) return this.filter(t);
    switch (construct) {
      case 'filter': return this.filter(t);
      case 'aggregate': return this.aggregate(t);
      case 'group': return this.group(t, false);
      case 'distinct': return this.group(t, true);
      case 'window': return this.window(t);
      case 'sample': return this.sample(t);
      case 'latest': return this.latest(t);
      case 'join': return this.join();
    }
  }

  private gen(t: FuzzTable): ExpressionGenerator {
    return new ExpressionGenerator(this.rnd, new Scope(scopeOf(this.rnd, t)));
  }

  private where(g: ExpressionGenerator, p = 0.6): Expr | undefined {
    return this.rnd.chance(p) ? predicateExpression(g, this.rnd.int(1, 3)) : undefined;
  }

  private items(exprs: readonly Expr[]): SelectItem[] {
    return exprs.map((expr, i) => ({ expr, alias: `c${i}` }));
  }

  private filter(t: FuzzTable): SelectQuery {
    const g = this.gen(t);
    const exprs: Expr[] = [column('id', 'LONG')];
    for (let i = this.rnd.int(1, 4); i > 0; i--) exprs.push(g.of('any', this.rnd.int(0, 3)));
    const ordered = this.rnd.chance(0.5);
    return { construct: 'filter', from: { table: t.name }, items: this.items(exprs), where: this.where(g, 0.8),
      orderBy: ordered ? orderOn(this.rnd, [0]) : undefined, ordered, limit: limitFor(this.rnd, ordered) };
  }

  private aggregate(t: FuzzTable): SelectQuery {
    const g = this.gen(t);
    const exprs: Expr[] = [];
    for (let i = this.rnd.int(1, 4); i > 0; i--) exprs.push(aggregateExpression(g, this.rnd.int(0, 2), { ordered: true }));
    return { construct: 'aggregate', from: { table: t.name }, items: this.items(exprs), where: this.where(g), ordered: true };
  }

  private group(t: FuzzTable, distinct: boolean): SelectQuery {
    const g = this.gen(t);
    const keys: Expr[] = [];
    for (let i = this.rnd.int(1, 3); i > 0; i--) keys.push(keyExpression(g));
    const exprs = [...keys];
    if (!distinct) for (let i = this.rnd.int(1, 3); i > 0; i--) exprs.push(aggregateExpression(g, this.rnd.int(0, 2), { ordered: true }));
    const keyIdx = keys.map((_, i) => i);
    const ordered = this.rnd.chance(0.5) && keys.every(sortable);
    return { construct: distinct ? 'distinct' : 'group', from: { table: t.name }, items: this.items(exprs), where: this.where(g),
      groupBy: distinct ? undefined : keyIdx, explicitGroupBy: this.rnd.chance(0.4), distinct,
      orderBy: ordered ? orderOn(this.rnd, keyIdx) : undefined, ordered, limit: limitFor(this.rnd, ordered) };
  }

  private window(t: FuzzTable): SelectQuery {
    const g = this.gen(t);
    const exprs: Expr[] = [column('id', 'LONG')];
    for (let i = this.rnd.int(1, 3); i > 0; i--) exprs.push(windowExpression(g, this.rnd.int(0, 2)));
    const ordered = this.rnd.chance(0.5);
    return { construct: 'window', from: { table: t.name }, items: this.items(exprs), where: this.where(g, 0.4),
      orderBy: ordered ? orderOn(this.rnd, [0]) : undefined, ordered, limit: limitFor(this.rnd, ordered) };
  }

  private sample(t: FuzzTable): SelectQuery {
    const g = this.gen(t);
    const [stride, interval] = this.rnd.pick(STRIDES);
    const keys: Expr[] = [];
    for (let i = this.rnd.int(0, 2); i > 0; i--) {
      const c = g.columnOf('any', (col) => !isFloat(col.type) && col.name !== 'ts' && col.type !== 'DECIMAL');
      if (c) keys.push(column(c.name, c.type));
    }
    const exprs: Expr[] = [column('ts', 'TIMESTAMP'), ...keys];
    for (let i = this.rnd.int(1, 3); i > 0; i--) exprs.push(aggregateExpression(g, this.rnd.int(0, 2), { ordered: true }));
    const sampleBy: SampleBy = { stride, interval, item: 0 };
    const keyIdx = keys.map((_, i) => i + 1);
    const ordered = this.rnd.chance(0.5) && keys.every(sortable);
    return { construct: 'sample', from: { table: t.name }, items: this.items(exprs), where: this.where(g, 0.4), sampleBy, groupBy: keyIdx,
      orderBy: ordered ? orderOn(this.rnd, [0, ...keyIdx]) : undefined, ordered, limit: limitFor(this.rnd, ordered) };
  }

  private latest(t: FuzzTable): SelectQuery {
    const g = this.gen(t);
    const keys: Expr[] = [];
    for (let i = this.rnd.int(1, 2); i > 0; i--) {
      const c = g.columnOf('any', (col) => (col.type === 'SYMBOL' || col.type === 'INT' || col.type === 'LONG' || col.type === 'STRING' || col.type === 'BOOLEAN' || col.type === 'SHORT') && col.name !== 'id');
      if (c && !keys.some((k) => k.column === c.name)) keys.push(column(c.name, c.type));
    }
    if (keys.length === 0) return this.filter(t);
    const exprs: Expr[] = [column('id', 'LONG'), column('ts', 'TIMESTAMP'), ...keys];
    for (let i = this.rnd.int(0, 2); i > 0; i--) exprs.push(g.of('any', this.rnd.int(0, 2)));
    const ordered = this.rnd.chance(0.5);
    return { construct: 'latest', from: { table: t.name }, items: this.items(exprs), where: this.where(g, 0.5), latestBy: keys,
      orderBy: ordered ? orderOn(this.rnd, [0]) : undefined, ordered, limit: limitFor(this.rnd, ordered) };
  }

  private join(): SelectQuery {
    const [a, b] = this.tables.length > 1 ? this.rnd.sample(this.tables, 2) : [this.tables[0], this.tables[0]];
    const kind = this.rnd.chance(0.5) ? 'LEFT' : 'INNER';
    const scope = new Scope([...scopeOf(this.rnd, a, 'a'), ...scopeOf(this.rnd, b, 'b', kind === 'LEFT')]);
    const g = new ExpressionGenerator(this.rnd, scope);
    const keyNames = a.columns.filter((c) => c.name.startsWith('k')).map((c) => c.name);
    const on = this.rnd.sample(keyNames, this.rnd.int(1, Math.max(1, keyNames.length)));
    const onExpr = on.map((k) => {
      const type = a.columns.find((c) => c.name === k)?.type ?? 'INT';
      // QuestDB joins NULL keys to NULL keys (its = is true for two NULLs).
      return node({ type: 'BOOLEAN', q: ([x, y]) => `${x} = ${y}`, d: ([x, y]) => `${x} IS NOT DISTINCT FROM ${y}` }, [column(k, type, 'a'), column(k, type, 'b')]);
    }).reduce((x, y) => node({ type: 'BOOLEAN', q: ([l, r]) => `${l} AND ${r}`, d: ([l, r]) => `${l} AND ${r}` }, [x, y]));
    const grouped = this.rnd.chance(0.3);
    const base = { construct: 'join', from: { table: a.name, alias: 'a' }, join: { kind, right: { table: b.name, alias: 'b' }, on: onExpr } } as const;
    if (grouped) {
      const key = keyExpression(g);
      const exprs = [key, aggregateExpression(g, 1, { ordered: false })];
      return { ...base, items: this.items(exprs), where: this.where(g, 0.4), groupBy: [0], ordered: false };
    }
    const exprs: Expr[] = [column('id', 'LONG', 'a'), column('id', 'LONG', 'b')];
    for (let i = this.rnd.int(1, 3); i > 0; i--) exprs.push(g.of('any', this.rnd.int(0, 2)));
    const ordered = this.rnd.chance(0.5);
    return { ...base, items: this.items(exprs), where: this.where(g, 0.5),
      orderBy: ordered ? orderOn(this.rnd, [0, 1]) : undefined, ordered, limit: limitFor(this.rnd, ordered) };
  }
}

