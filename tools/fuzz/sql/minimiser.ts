/**
 * Shrinks a mismatch to a small repro: first the query (drop WHERE, ORDER BY, LIMIT, select items; put a
 * part of an expression in its place), then the tables it reads (remove halves, then single rows, loading
 * each smaller copy into both engines under a new name). A step is kept when the mismatch stays of the
 * same kind (svc error, type, rows). Bounded by `budget` query runs.
 */
import { Expr } from './expr';
import { checkQuery, Engines } from './query-check';
import { OrderKey, SelectQuery, tablesOf } from './select-query';
import { FuzzTable, withRows } from './table-generator';
import { dropTable, loadTable } from './table-loader';
import { Verdict } from './result-comparer';

export interface Repro {
  readonly query: SelectQuery;
  readonly tables: readonly FuzzTable[];
  readonly verdict: Verdict;
}

/** Every expression one step smaller than `e`: a part of the same type, or `e` with one part made smaller. */
function smaller(e: Expr): Expr[] {
  const out: Expr[] = e.kids.filter((k) => k.type === e.type && k.aggregate === e.aggregate);
  if (e.remake) {
    e.kids.forEach((k, i) => {
      for (const s of smaller(k)) {
        if (s.type !== k.type) continue;
        const kids = [...e.kids];
        kids[i] = s;
        out.push(e.remake!(kids));
      }
    });
  }
  return out;
}

function dropItem(q: SelectQuery, i: number): SelectQuery | undefined {
  if (q.items.length < 2 || q.sampleBy?.item === i) return undefined;
  const remap = (j: number): number => (j > i ? j - 1 : j);
  const items = q.items.filter((_, j) => j !== i);
  if (q.groupBy && !q.distinct && q.groupBy.includes(i) && !items.some((it) => it.expr.aggregate)) return undefined;
  if (q.groupBy && !q.groupBy.includes(i) && q.items[i].expr.aggregate && !items.some((it) => it.expr.aggregate)) return undefined;
  const orderHits = q.orderBy?.some((k) => k.item === i) ?? false;
  const orderBy: OrderKey[] | undefined = orderHits ? undefined : q.orderBy?.map((k) => ({ ...k, item: remap(k.item) }));
  return {
    ...q, items, groupBy: q.groupBy?.filter((j) => j !== i).map(remap), orderBy,
    ordered: orderHits ? false : q.ordered, limit: orderHits ? undefined : q.limit,
    sampleBy: q.sampleBy ? { ...q.sampleBy, item: remap(q.sampleBy.item) } : undefined,
  };
}

function queryCandidates(q: SelectQuery): SelectQuery[] {
  const out: SelectQuery[] = [];
  if (q.where) out.push({ ...q, where: undefined });
  if (q.limit !== undefined) out.push({ ...q, limit: undefined });
  if (q.orderBy && q.limit === undefined) out.push({ ...q, orderBy: undefined, ordered: q.items.every((i) => i.expr.aggregate) && !q.groupBy?.length });
  if (q.explicitGroupBy) out.push({ ...q, explicitGroupBy: false });
  for (let i = q.items.length - 1; i >= 0; i--) {
    const d = dropItem(q, i);
    if (d) out.push(d);
  }
  if (q.where) for (const w of smaller(q.where)) out.push({ ...q, where: w });
  q.items.forEach((it, i) => {
    for (const e of smaller(it.expr)) {
      const items = [...q.items];
      items[i] = { ...it, expr: e };
      out.push({ ...q, items });
    }
  });
  return out;
}

export class Minimiser {
  private runs = 0;
  private copies = 0;

  constructor(private readonly engines: Engines, private readonly budget = 150) {}

  private same(a: Verdict, b: Verdict): boolean {
    return a.kind === 'mismatch' && b.kind === 'mismatch' && a.what === b.what;
  }

  private async verdict(q: SelectQuery): Promise<Verdict> {
    this.runs++;
    return checkQuery(q, this.engines);
  }

  async minimise(query: SelectQuery, tables: readonly FuzzTable[], first: Verdict): Promise<Repro> {
    let q = query;
    let verdict = first;
    for (let progress = true; progress && this.runs < this.budget;) {
      progress = false;
      for (const c of queryCandidates(q)) {
        if (this.runs >= this.budget) break;
        const v = await this.verdict(c);
        if (this.same(v, first)) {
          q = c;
          verdict = v;
          progress = true;
          break;
        }
      }
    }
    const used = new Map<string, FuzzTable>();
    for (const name of tablesOf(q)) {
      const t = tables.find((x) => x.name === name);
      if (t) used.set(name, t);
    }
    for (const [name, table] of used) {
      const shrunk = await this.shrinkTable(q, name, table, first);
      q = shrunk.query;
      used.set(name, shrunk.table);
      verdict = shrunk.verdict ?? verdict;
    }
    return { query: q, tables: [...used.values()], verdict };
  }

  /** Removes rows of one table while the mismatch stays; the query is rewritten to read the copy. */
  private async shrinkTable(q: SelectQuery, name: string, table: FuzzTable, first: Verdict): Promise<{ query: SelectQuery; table: FuzzTable; verdict?: Verdict }> {
    let keep = table.rows.map((_, i) => i);
    let best = { query: q, table, verdict: undefined as Verdict | undefined };
    for (let chunk = Math.ceil(keep.length / 2); chunk >= 1 && this.runs < this.budget; chunk = chunk === 1 ? 0 : Math.ceil(chunk / 2)) {
      for (let start = 0; start < keep.length && this.runs < this.budget;) {
        const next = [...keep.slice(0, start), ...keep.slice(start + chunk)];
        const copy = withRows(table, `${table.name}_m${++this.copies}`, next);
        await loadTable(copy, this.engines.svc, this.engines.duck);
        const cq = renameTable(best.query, best.table.name, copy.name);
        const v = await this.verdict(cq);
        if (this.same(v, first)) {
          if (best.table !== table) await dropTable(best.table.name, this.engines.svc, this.engines.duck);
          keep = next;
          best = { query: cq, table: copy, verdict: v };
        } else {
          await dropTable(copy.name, this.engines.svc, this.engines.duck);
          start += chunk;
        }
      }
    }
    return best;
  }
}

function renameTable(q: SelectQuery, from: string, to: string): SelectQuery {
  const ren = <T extends { table: string }>(s: T): T => (s.table === from ? { ...s, table: to } : s);
  return { ...q, from: ren(q.from), join: q.join ? { ...q.join, right: ren(q.join.right) } : undefined };
}

