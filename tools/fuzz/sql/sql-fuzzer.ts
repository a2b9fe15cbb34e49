/**
 * The differential loop: world after world (fuzz-world.ts), a block of random queries on each, both engines,
 * one verdict per query. Mismatches are counted, grouped by signature (construct, kind, the message without
 * its values); the first five of each signature are printed and the first two minimised into repros.
 */
import { Prng } from '../prng';
import { DuckRunner } from './duck-runner';
import { dropWorld, generateWorld, loadWorld, World } from './fuzz-world';
import { Minimiser, Repro } from './minimiser';
import { checkQuery, Engines } from './query-check';
import { QueryGenerator } from './query-generator';
import { Verdict } from './result-comparer';
import { renderDuck, renderSvc, SelectQuery } from './select-query';
import { SvcRunner } from './svc-runner';
import { dropTable, svcCreate, svcInserts } from './table-loader';

export interface FuzzOptions {
  readonly seed: number;
  readonly queries: number;
  /** Queries per world of tables. */
  readonly perWorld: number;
  /** How many mismatches to minimise (the first of each signature first). */
  readonly repros: number;
  readonly log: (line: string) => void;
  /** Log a progress line every this many queries (0: never). */
  readonly progress?: number;
  /** Queries in flight at once, each on its own svc connection and DuckDB connection (1). */
  readonly jobs?: number;
}

export interface FuzzStats {
  queries: number;
  mismatches: number;
  skipped: number;
  readonly constructs: Map<string, { queries: number; mismatches: number }>;
  readonly signatures: Map<string, number>;
  readonly skipReasons: Map<string, number>;
  readonly repros: Repro[];
}

/** A mismatch's kind without its values, so that one bug counts once however often it shows. */
export function signature(q: SelectQuery, v: Verdict): string {
  if (v.kind !== 'mismatch') return v.kind;
  if (v.what === 'type') {
    // `column 2 (abs(x)): svc type INT, QuestDB's is SHORT` → `type abs: svc INT, QuestDB SHORT`.
    const m = /^column \d+ \((.*)\): svc type (\S+), QuestDB's is (\S+)$/.exec(v.detail);
    if (m) return `type ${headOf(m[1])}: svc ${m[2].replace(/\(.*/, '')}, QuestDB ${m[3].replace(/\(.*/, '')}`;
  }
  const detail = v.what === 'rows' ? '' : v.detail.replace(/'[^']*'|"[^"]*"|\[[^\]]*\]|\d+/g, '…').slice(0, 90);
  return `${q.construct} ${v.what} ${detail}`.trim();
}

/** The outermost function or operator of an expression's text (`abs(x + 1)` → `abs`, `(a + b)` → `+`). */
function headOf(text: string): string {
  const call = /^([a-z_]+)\(/i.exec(text);
  if (call) return call[1];
  const op = /^\((-)?[^()]*?\s([-+*/%]|\|\||AND|OR|IN|LIKE)\s/.exec(text);
  return op ? op[2] : text.startsWith('(-') ? 'unary -' : text.slice(0, 12);
}

export function reproText(r: Repro, title: string): string {
  const lines = [`-- ${title}`, `-- ${r.verdict.kind === 'mismatch' ? `${r.verdict.what}: ${r.verdict.detail}` : r.verdict.kind}`];
  for (const t of r.tables) lines.push(`${svcCreate(t)};`, ...svcInserts(t).map((s) => `${s};`));
  lines.push(`-- svc:`, `${renderSvc(r.query)};`, `-- DuckDB (QuestDB semantics through duck-macros.ts):`, `${renderDuck(r.query)};`);
  return lines.join('\n');
}

/** Queries checked at once before their verdicts are judged in order (a crash is looked for within one). */
const WINDOW = 64;

export class SqlFuzzer {
  private readonly started = performance.now();
  readonly stats: FuzzStats = { queries: 0, mismatches: 0, skipped: 0, constructs: new Map(), signatures: new Map(), skipReasons: new Map(), repros: [] };
  /** Lane 0 is the main runners (loading, minimising); the others are siblings for `jobs` queries in flight. */
  private lanes: Engines[] = [];

  constructor(private svc: SvcRunner, private readonly duck: DuckRunner, private readonly options: FuzzOptions,
    private readonly reconnect: () => Promise<SvcRunner>) {}

  private get engines(): Engines {
    return { svc: this.svc, duck: this.duck };
  }

  async run(): Promise<FuzzStats> {
    const master = new Prng(this.options.seed);
    try {
      for (let w = 0; this.stats.queries < this.options.queries; w++) {
        const rnd = master.fork(w);
        const world = generateWorld(rnd, `fz${w}`);
        await loadWorld(world, this.svc, this.duck);
        const gen = new QueryGenerator(rnd, world.tables);
        const n = Math.min(this.options.perWorld, this.options.queries - this.stats.queries);
        // Generated before any runs: the same seed makes the same queries however many are in flight.
        const queries = Array.from({ length: n }, () => gen.next());
        for (let at = 0; at < n; at += WINDOW) await this.window(queries.slice(at, at + WINDOW), world);
        await dropWorld(world, this.svc, this.duck);
      }
    } finally {
      for (const lane of this.lanes.slice(1)) { lane.svc.close(); lane.duck.close(); }
    }
    return this.stats;
  }

  /** Checks a window of queries on every lane at once, then judges the verdicts in order. */
  private async window(queries: readonly SelectQuery[], world: World): Promise<void> {
    const lanes = await this.openLanes();
    const verdicts: (Verdict | undefined)[] = new Array(queries.length);
    const thrown: number[] = [];
    let next = 0;
    await Promise.all(lanes.map(async (lane) => {
      // A lane stops taking queries once one threw: the server may be gone.
      for (let i = next++; i < queries.length && thrown.length === 0; i = next++) {
        try {
          verdicts[i] = await checkQuery(queries[i], lane);
        } catch {
          thrown.push(i);
        }
      }
    }));
    if (thrown.length > 0) await this.recheck(queries, verdicts, thrown, world);
    for (let i = 0; i < queries.length; i++) {
      // After a lost server, the queries not yet taken are checked one by one as before.
      await this.judge(queries[i], verdicts[i] ?? await this.checkAlone(queries[i], world), world);
    }
  }

  /**
   * The server was lost (a crash is a mismatch like any other): it is started again with the world, and each
   * query that was in flight is checked again alone, so the one that ends the server is the one reported. A
   * crash that does not come back is reported on the first query that saw it.
   */
  private async recheck(queries: readonly SelectQuery[], verdicts: (Verdict | undefined)[], thrown: number[], world: World): Promise<void> {
    await this.restart(world);
    let reported = false;
    for (const i of thrown.sort((a, b) => a - b)) {
      const v = await this.checkAlone(queries[i], world);
      verdicts[i] = v;
      reported ||= v.kind === 'mismatch' && v.detail.startsWith('svc connection lost');
    }
    const first = Math.min(...thrown);
    if (!reported) verdicts[first] = { kind: 'mismatch', what: 'svc-error', detail: 'svc connection lost (not again when the query ran alone)' };
  }

  private async checkAlone(q: SelectQuery, world: World): Promise<Verdict> {
    try {
      return await checkQuery(q, this.engines);
    } catch (e) {
      await this.restart(world);
      return { kind: 'mismatch', what: 'svc-error', detail: `svc connection lost: ${e instanceof Error ? e.message : String(e)}` };
    }
  }

  private async restart(world: World): Promise<void> {
    this.svc = await this.reconnect();
    for (const lane of this.lanes.slice(1)) lane.svc.close();
    this.lanes = this.lanes.map((lane, j) => (j === 0 ? this.engines : { svc: this.svc.sibling(), duck: lane.duck }));
    await loadWorld(world, this.svc, this.duck);
  }

  private async openLanes(): Promise<Engines[]> {
    const jobs = Math.max(1, this.options.jobs ?? 1);
    if (this.lanes.length === 0) this.lanes.push(this.engines);
    this.lanes[0] = this.engines;
    while (this.lanes.length < jobs) this.lanes.push({ svc: this.svc.sibling(), duck: await this.duck.connection() });
    return this.lanes;
  }

  private async judge(q: SelectQuery, v: Verdict, world: World): Promise<void> {
    this.stats.queries++;
    if (this.options.progress && this.stats.queries % this.options.progress === 0) {
      this.options.log(`progress: ${this.stats.queries} queries, ${this.stats.mismatches} mismatches, ${this.stats.skipped} skipped, ${Math.round((performance.now() - this.started) / 1000)} s`);
    }
    const c = this.stats.constructs.get(q.construct) ?? { queries: 0, mismatches: 0 };
    this.stats.constructs.set(q.construct, c);
    c.queries++;
    if (v.kind === 'skip') {
      this.stats.skipped++;
      this.stats.skipReasons.set(v.reason, (this.stats.skipReasons.get(v.reason) ?? 0) + 1);
      return;
    }
    if (v.kind !== 'mismatch') return;
    this.stats.mismatches++;
    c.mismatches++;
    const sig = signature(q, v);
    const seen = (this.stats.signatures.get(sig) ?? 0) + 1;
    this.stats.signatures.set(sig, seen);
    if (seen <= 5) this.options.log(`mismatch (${sig}) at query ${this.stats.queries}: ${v.detail}\n  svc: ${renderSvc(q)}\n  duck: ${renderDuck(q)}`);
    if (seen <= 2 && this.stats.repros.length < this.options.repros) {
      const repro = await new Minimiser(this.engines).minimise(q, world.tables, v);
      this.stats.repros.push(repro);
      for (const t of repro.tables) if (!world.tables.includes(t)) await dropTable(t.name, this.svc, this.duck);
      this.options.log(reproText(repro, `repro ${this.stats.repros.length} (${sig}), seed ${this.options.seed}, query ${this.stats.queries}`));
    }
  }
}
