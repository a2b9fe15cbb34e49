/**
 * `npm run bench`: the bench workload (tools/bench/) against svc servers it starts, side by side with
 * embedded DuckDB in the same sitting. Generates the datasets once (deterministic) into `--data`, loads
 * them into DuckDB and times its queries, then for each server: /imp of both tables, the 13 queries
 * (warm-ups, then median of `--runs`, in rounds: bench/bench-rounds.ts), the 1M-row exports, its peak RSS.
 * Before timing queries it lets the machine go quiet after each load (bench/bench-settle.ts). Prints markdown tables with
 * svc/DuckDB per query and the estimate of svc/QuestDB through DuckDB (tools/bench/bench-reference.ts).
 *
 *   npm run bench                              # 1M rows
 *   npm run bench -- --size 10M                # 10M rows (~1.6 GB of CSV generated once)
 *   options: --runs 5  --only id,id (`--only none`: imports only)  --data DIR  --threads N (DuckDB)
 *            --no-duckdb  --no-export  --env SVC_KEY=value (server settings, repeatable)
 *            --server DIR (repeatable: other checkouts' builds, e.g. before/after; every other pass runs them
 *            in reverse order; the same DIR twice: two runs of one build)  --out FILE.json
 *            --together (load every server, then time all of them in the same rounds, so each samples the
 *            same stretch of the machine: bench/bench-together.ts; then the spread of their medians)
 *            --passes N (the whole sitting N times, then every query's medians side by side with their spread)
 *            --no-settle (time queries right after the imports, without waiting for the machine to go quiet)
 *            --in-turn (each query's runs back to back, instead of one run of every query per round)
 *            --workload tsbs|adhoc|tsbs,adhoc (the TSBS devops types and the ad-hoc shapes over the TSBS cpu table,
 *            tools/bench/tsbs-bench.ts; with --variants N --seed S, and --concurrency S for the 8-client test)
 *            --scale 10M,100M,300M (the TSBS types on one server as its table grows by line protocol: tsbs-scale.ts)
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, resolve } from 'node:path';
import { PROJECT_DIR } from '../core/project';
import { BENCH_DATA_DIR, DatasetMeta, ensureDataset, parseSize } from './bench/bench-datasets';
import { DuckRun, runDuckDb } from './bench/bench-duckdb';
import { datasetTable } from './bench/bench-table';
import { runWorkloads, WorkloadName } from './bench/tsbs-bench';
import { runScale } from './bench/tsbs-scale';
import { BenchQuery, buildQueries, ROUND_TRIP, sameFingerprint } from './bench/bench-queries';
import { REFERENCE_10M, REFERENCE_IMPORT_10M } from './bench/bench-reference';
import { QueryResult } from './bench/bench-rounds';
import { quiet, runInTurn, runTogether, ServerRun } from './bench/bench-servers';
import { roundTripReport, spreadAcross, spreadReport } from './bench/bench-spread';
import { distinctLabels } from './bench/bench-together';
import { fmtMs, geometricMean, table } from './bench/bench-stats';

const USAGE = `usage: npm run bench -- [options]   (or node dist/tools/bench.js [options])
  --size 1M|10M      dataset rows (default 1M; generated once into --data)
  --runs N           timed runs per query after the warm-ups (default 5)
  --warmup N         untimed runs per query before them (default 3; in rounds too)
  --min-seconds S    in rounds: more rounds after --runs until the timed ones have lasted S seconds (default 0)
  --only id,id       only these queries (\`--only none\`: imports only)
  --data DIR         dataset folder
  --threads N        DuckDB's threads
  --no-duckdb        no DuckDB side by side
  --no-export        no /exp runs
  --server DIR       another checkout's build (repeatable: before/after; the same one again: another run of it)
  --together         load every server first, then time them all in the same rounds (default: one after another)
  --env KEY=value    a server setting (repeatable)
  --out FILE.json    all numbers as JSON
  --passes N         run DuckDB and every server N times in a row, then the spread of each query's medians
  --no-settle        no sync and wait for an idle machine between the loads and the timed queries
  --in-turn          each query's runs back to back (default: in rounds, one run of every query per round)
  --workload W       bench (default: the 13 queries), tsbs (the TSBS devops types), adhoc (ad-hoc shapes over the
                     TSBS table), or tsbs,adhoc (both on one load)
  --variants N       tsbs/adhoc: texts per query type, drawn from --seed (default 8)
  --seed S           tsbs/adhoc: the query generator's seed (default 1)
  --concurrency S    tsbs/adhoc: seconds of the 8-client test per server (default 20; 0: none)
  --scale A,B,…      tsbs: the scaling check instead (one server, the last --server, fed by line protocol to each
                     size in turn, e.g. 10M,100M,300M; the 15 types timed at each size, with memory)`;

interface Options {
  size: string; runs: number; warmups: number; minSeconds: number; passes: number; settle: boolean; interleave: boolean; together: boolean; data: string; only?: Set<string>; threads?: number;
  duckdb: boolean; exports: boolean; servers: string[]; out?: string; env: Record<string, string>;
  workloads: WorkloadName[] | 'bench'; variants: number; seed: number; concurrencySeconds: number; exportsGiven: boolean; scale?: number[];
}

function options(argv: readonly string[]): Options {
  const o: Options = { size: '1M', runs: 5, warmups: 3, minSeconds: 0, passes: 1, settle: true, interleave: true, together: false, data: BENCH_DATA_DIR, duckdb: true, exports: true, servers: [], env: {}, workloads: 'bench', variants: 8, seed: 1, concurrencySeconds: 20, exportsGiven: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i], v = (): string => { const x = argv[++i]; if (x === undefined) throw new Error(`${a} needs a value`); return x; };
    switch (a) {
      case '--size': o.size = v(); break;
      case '--runs': o.runs = Number(v()); break;
      case '--min-seconds': o.minSeconds = Math.max(0, Number(v()) || 0); break;
      case '--warmup': o.warmups = Math.max(1, Math.floor(Number(v())) || 1); break;
      case '--passes': o.passes = Math.max(1, Math.floor(Number(v())) || 1); break;
      case '--no-settle': o.settle = false; break;
      case '--in-turn': o.interleave = false; break;
      case '--data': o.data = v(); break;
      case '--only': o.only = new Set(v().split(',')); break;
      case '--threads': o.threads = Number(v()); break;
      case '--no-duckdb': o.duckdb = false; break;
      case '--no-export': o.exports = false; o.exportsGiven = true; break;
      case '--workload': o.workloads = workloadsOf(v()); break;
      case '--variants': o.variants = Math.max(1, Math.floor(Number(v())) || 1); break;
      case '--seed': o.seed = Math.floor(Number(v())) || 0; break;
      case '--concurrency': o.concurrencySeconds = Math.max(0, Number(v()) || 0); break;
      case '--scale': o.scale = v().split(',').map(parseSize); break;
      case '--server': o.servers.push(resolve(v())); break;
      case '--together': o.together = true; break;
      case '--out': o.out = v(); break;
      case '--env': { const [k, ...rest] = v().split('='); o.env[k] = rest.join('='); break; }
      case '--help': case '-h': console.log(USAGE); process.exit(0); break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  }
  if (o.servers.length === 0) o.servers.push(PROJECT_DIR);
  return o;
}

function workloadsOf(text: string): WorkloadName[] | 'bench' {
  if (text === 'bench') return 'bench';
  const names = text.split(',');
  for (const n of names) if (n !== 'tsbs' && n !== 'adhoc') throw new Error(`unknown workload ${n} (bench, tsbs, adhoc)`);
  return names as WorkloadName[];
}

/** How each query's time was taken, for the table's heading. */
function howTimed(o: Options): string {
  if (!o.interleave) return `median of ${o.runs} warm runs`;
  return o.minSeconds > 0 ? `median of ${o.runs}+ warm runs in rounds for at least ${o.minSeconds} s` : `median of ${o.runs} warm runs in rounds`;
}

function report(o: Options, metas: readonly DatasetMeta[], queries: readonly BenchQuery[], duck: DuckRun | undefined, runs: readonly ServerRun[]): void {
  const atTen = parseSize(o.size) === 10_000_000;
  if (!atTen) console.log('\n(The QuestDB estimates use the reference sitting at 10M rows.)');
  const importRows = metas.map((m) => {
    const duckRate = duck ? m.rows / duck.load[m.dataset].seconds / 1e6 : NaN;
    const ref = REFERENCE_IMPORT_10M[m.dataset];
    return [m.dataset, m.rows, (m.bytes / 1e6).toFixed(0), ...(duck ? [duckRate.toFixed(2)] : []), ...runs.flatMap((r) => {
      const rate = m.rows / r.importSeconds[m.dataset] / 1e6;
      return [r.importSeconds[m.dataset].toFixed(2), rate.toFixed(2), ...(duck ? [((rate / duckRate) * (ref.duckdb / ref.questdb)).toFixed(2)] : [])];
    })];
  });
  console.log(`\n### Import via POST /imp (seconds until every row is visible)\n${table(
    ['table', 'rows', 'MB', ...(duck ? ['DuckDB M rows/s'] : []), ...runs.flatMap((r) => [`${r.label} s`, `${r.label} M rows/s`, ...(duck ? [`${r.label} rate / QuestDB's (est.)`] : [])])],
    importRows)}`);
  const duckOf = new Map((duck?.queries ?? []).map((q) => [q.id, q]));
  const estimates = runs.map(() => [] as number[]);
  const rows = queries.map((q) => {
    const d = duckOf.get(q.id);
    const ref = REFERENCE_10M[q.id];
    return [q.id, q.what, ...(d ? [fmtMs(d.ms)] : []), ...runs.flatMap((r, k) => {
      const s = r.queries.find((x) => x.id === q.id);
      if (!s || s.error) return ['ERROR', s?.error?.replace(/\|/g, '/') ?? '', ...(d ? ['', '', ''] : [])];
      if (!d || !d.fingerprint || !s.fingerprint) return [fmtMs(s.ms), fmtMs(s.min)];
      const vsDuck = s.ms / d.ms;
      const vsQuest = vsDuck * (ref.duckdb / ref.questdb);
      estimates[k].push(vsQuest);
      return [fmtMs(s.ms), fmtMs(s.min), `${vsDuck.toFixed(2)}`, vsQuest.toFixed(2), sameFingerprint(s.fingerprint, d.fingerprint) ? 'yes' : 'NO'];
    })];
  });
  console.log(`\n### Queries via GET /exec (${howTimed(o)}, client wall ms incl. JSON)\n${table(
    ['query', 'what', ...(duck ? ['DuckDB ms'] : []), ...runs.flatMap((r) => [`${r.label} ms`, 'min', ...(duck ? [`${r.label}/DuckDB`, `${r.label}/QuestDB (est.)`, 'same result'] : [])])],
    rows)}`);
  runs.forEach((r, k) => {
    if (duck) console.log(`${r.label}: geometric mean svc/QuestDB (est.) ${geometricMean(estimates[k]).toFixed(2)}, svc/DuckDB ${geometricMean(queries.map((q) => {
      const s = r.queries.find((x) => x.id === q.id), d = duckOf.get(q.id);
      return s && d ? s.ms / d.ms : NaN;
    })).toFixed(2)}`);
    console.log(`${r.label}: peak RSS ${r.peakRssMb.toFixed(0)} MB, server CPU ${r.cpuSeconds.toFixed(1)} s`);
    if (r.roundTrip && !r.roundTrip.error) console.log(`${r.label}: HTTP round trip (SELECT 1) ${fmtMs(r.roundTrip.ms)} ms, min ${fmtMs(r.roundTrip.min)}`);
  });
  const exportRows = runs.flatMap((r) => r.exports.map((e) => [r.label, e.table, e.fmt, e.rows, (e.bytes / 1e6).toFixed(1), fmtMs(e.ms), (e.bytes / e.ms / 1e3).toFixed(0), e.check]));
  if (exportRows.length) console.log(`\n### Export via GET /exp of 1M rows (median of 3)\n${table(['server', 'table', 'fmt', 'rows', 'MB', 'ms', 'MB/s', 'check'], exportRows)}`);
}

interface Pass { readonly duck?: DuckRun; readonly servers: ServerRun[] }

const medians = (results: readonly QueryResult[]): Map<string, number> => new Map(results.map((q) => [q.id, q.error ? NaN : q.ms]));

/** The TSBS / ad-hoc sitting (tools/bench/tsbs-bench.ts): no exports unless asked; exit code 1 on an error or a wrong answer. */
async function mainWorkloads(o: Options, workloads: WorkloadName[]): Promise<void> {
  const loadAtStart = loadavg()[0];
  console.log(`bench: workload=${workloads.join(',')} size=${o.size} runs=${o.runs} warm-ups=${o.warmups} variants=${o.variants} seed=${o.seed} passes=${o.passes} node ${process.version}, ${cpus().length} CPUs, load average ${loadAtStart.toFixed(2)}`);
  const labels = distinctLabels(o.servers.map((dir) => (dir === PROJECT_DIR ? 'svc' : `svc ${basename(dir)}`)));
  const passes = await runWorkloads({ ...o, workloads, exports: o.exportsGiven ? o.exports : false }, labels);
  console.log(`\nload average: ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`);
  if (o.out) writeFileSync(o.out, `${JSON.stringify({ size: o.size, workloads, runs: o.runs, variants: o.variants, seed: o.seed, when: new Date().toISOString(), passes }, null, 1)}\n`);
  process.exitCode = passes.some(({ duck, servers }) => servers.some((r) => r.queries.some((q) => {
    const d = duck?.queries.find((x) => x.id === q.id);
    return q.error !== undefined || (duck !== undefined && (!q.fingerprint || !d?.fingerprint || !sameFingerprint(q.fingerprint, d.fingerprint)));
  }))) ? 1 : 0;
}

async function main(): Promise<void> {
  const o = options(process.argv.slice(2));
  if (o.scale) return runScale({ sizes: o.scale, runs: o.runs, warmups: o.warmups, variants: o.variants, seed: o.seed, server: o.servers[o.servers.length - 1], env: o.env });
  if (o.workloads !== 'bench') return mainWorkloads(o, o.workloads);
  const rows = parseSize(o.size);
  const log = (line: string): void => console.log(line);
  const metas = (['cpu', 'trades'] as const).map((d) => ensureDataset(o.data, d, rows, log));
  const tables = metas.map(datasetTable);
  const queries = buildQueries(metas[0]).filter((q) => !o.only || o.only.has(q.id));
  const loadAtStart = loadavg()[0];
  console.log(`bench: size=${o.size} runs=${o.runs} warm-ups=${o.warmups} min-seconds=${o.minSeconds} passes=${o.passes} node ${process.version}, ${cpus().length} CPUs, load average ${loadAtStart.toFixed(2)}`);
  const labels = distinctLabels(o.servers.map((dir) => (dir === PROJECT_DIR ? 'svc' : `svc ${basename(dir)}`)));
  const passes: Pass[] = [];
  for (let k = 1; k <= o.passes; k++) {
    if (o.passes > 1) console.log(`\n## Pass ${k} of ${o.passes}`);
    const duck = o.duckdb ? await runDuckDb(o.data, tables, queries, o.runs, o.threads, o.interleave, o.warmups, o.minSeconds * 1000, o.settle ? () => quiet('DuckDB') : undefined) : undefined;
    if (duck) console.log(`DuckDB ${duck.version}, threads=${duck.threads}: loaded in ${Object.entries(duck.load).map(([t, l]) => `${t} ${l.seconds.toFixed(2)} s`).join(', ')}`);
    // Every other pass runs (or loads) the servers in reverse order, so a machine that drifts during a pass
    // does not always favour the same build; the tables keep the order given.
    const order = o.servers.map((_d, i) => i).sort((a, b) => (k % 2 === 1 ? a - b : b - a));
    const servers = o.together ? await runTogether(o, labels, order, tables, queries) : await runInTurn(o, labels, order, tables, queries);
    report(o, metas, queries, duck, servers);
    if (o.together && servers.length > 1) {
      console.log(`\n### Spread of the medians across the ${servers.length} servers timed together\n${spreadAcross(
        [...queries.map((q) => q.id), ROUND_TRIP.id], new Map(servers.map((r) => [r.label, medians([...r.queries, ...(r.roundTrip ? [r.roundTrip] : [])])])))}`);
    }
    passes.push({ duck, servers });
  }
  if (o.passes > 1) {
    console.log(`\n### Spread of the medians over ${o.passes} passes\n${spreadReport(queries.map((q) => q.id), passes.map((p) => ({
      duck: p.duck ? medians(p.duck.queries) : undefined,
      servers: new Map(p.servers.map((r) => [r.label, medians(r.queries)])),
    })))}`);
    console.log(roundTripReport(passes.map((p) => new Map(p.servers.map((r) => [r.label, r.roundTrip?.error ? NaN : r.roundTrip?.ms ?? NaN])))));
  }
  console.log(`\nload average: ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`);
  const when = new Date().toISOString(), load = [loadAtStart, loadavg()[0]];
  if (o.out) {
    const body = o.passes > 1 ? { size: o.size, runs: o.runs, when, load, passes } : { size: o.size, runs: o.runs, when, load, duck: passes[0].duck, servers: passes[0].servers };
    writeFileSync(o.out, `${JSON.stringify(body, null, 1)}\n`);
  }
  const bad = passes.some(({ duck, servers }) => servers.some((r) => r.queries.some((q) => q.error) || r.exports.some((e) => e.check !== 'ok'))
    || (duck !== undefined && servers.some((r) => r.queries.some((q) => { const d = duck.queries.find((x) => x.id === q.id); return !q.fingerprint || !d?.fingerprint || !sameFingerprint(q.fingerprint, d.fingerprint); }))));
  process.exitCode = bad ? 1 : 0;
}

main().catch((e: unknown) => { console.error(e); process.exit(1); });
