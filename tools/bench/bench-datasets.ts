/**
 * The bench datasets, generated deterministically (own PRNG, no clock: the same size gives byte-identical
 * files), as CSV plus a `<name>.meta.json` sidecar (rows, hosts, time span) the queries are built from:
 * - cpu (TSBS cpu-only-like): ts, hostname, region and ten usage_* doubles with 2 decimals (a bounded
 *   random walk per host); one row per host per 10 s from 2016-01-01, hosts = rows / 10,000 clamped to
 *   100..1,000, so 1M and 10M rows both span ~27.8 h;
 * - trades: ts, symbol (50, Zipf-like frequencies), side (buy/sell), price (a random walk per symbol,
 *   4 decimals), amount (0.0001..10, 4 decimals, ~100k distinct values); 24 h from 2024-01-01.
 * Timestamps are ISO-8601 UTC with microseconds.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CsvOut, fixed, isoMicros, rng } from './bench-text';

/** Where the bench tools keep generated datasets unless told otherwise (`--data`). */
export const BENCH_DATA_DIR = join(tmpdir(), 'svc-bench-data');

export interface DatasetMeta {
  readonly dataset: 'cpu' | 'trades';
  readonly rows: number;
  readonly hosts?: number;
  readonly seed: number;
  readonly bytes: number;
  readonly start: string;
  readonly end: string;
  readonly file: string;
  readonly label: string;
}

const CPU_FIELDS = ['usage_user', 'usage_system', 'usage_idle', 'usage_nice', 'usage_iowait', 'usage_irq', 'usage_softirq', 'usage_steal', 'usage_guest', 'usage_guest_nice'];
const REGIONS = ['us-east-1', 'us-west-1', 'us-west-2', 'eu-west-1', 'eu-central-1', 'ap-southeast-1', 'ap-southeast-2', 'ap-northeast-1', 'sa-east-1'];
const SYMBOLS = Array.from({ length: 50 }, (_x, i) => `SYM${String(i).padStart(2, '0')}`);
const CPU_START = Date.UTC(2016, 0, 1);
const TRADES_START = Date.UTC(2024, 0, 1);
const TRADES_SPAN_MS = 24 * 3600 * 1000;

/** `1M` → 1000000, `250k` → 250000. */
export function parseSize(s: string): number {
  const m = /^(\d+(?:\.\d+)?)([kKmMgG]?)$/.exec(s);
  if (!m) throw new Error(`bad size: ${s}`);
  const scale: Record<string, number> = { '': 1, k: 1e3, m: 1e6, g: 1e9 };
  return Math.round(Number(m[1]) * scale[m[2].toLowerCase()]);
}

export function sizeLabel(n: number): string {
  return n % 1e6 === 0 ? `${n / 1e6}M` : n % 1e3 === 0 ? `${n / 1e3}k` : String(n);
}

function genCpu(file: string, rows: number, label: string): DatasetMeta {
  const seed = 42;
  const hosts = Math.min(1000, Math.max(100, Math.round(rows / 10000)));
  const r = rng(seed);
  const out = new CsvOut(file);
  out.push(`ts,hostname,region,${CPU_FIELDS.join(',')}\n`);
  const names = Array.from({ length: hosts }, (_x, h) => `host_${h}`);
  const regions = Array.from({ length: hosts }, () => REGIONS[Math.floor(r() * REGIONS.length)]);
  // State in hundredths (0..10000).
  const st = new Int32Array(hosts * 10);
  for (let i = 0; i < st.length; i++) st[i] = Math.floor(r() * 10001);
  let tick = -1, ts = '';
  for (let i = 0; i < rows; i++) {
    const h = i % hosts;
    if (h === 0) { tick++; ts = isoMicros((CPU_START + tick * 10000) * 1000); }
    let line = `${ts},${names[h]},${regions[h]}`;
    for (let f = 0; f < 10; f++) {
      let v = st[h * 10 + f] + Math.floor(r() * 1001) - 500;
      if (v < 0) v = -v;
      if (v > 10000) v = 20000 - v;
      st[h * 10 + f] = v;
      line += `,${fixed(v, 2, 100)}`;
    }
    out.push(`${line}\n`);
  }
  out.close();
  return { dataset: 'cpu', rows, hosts, seed, bytes: out.bytes, start: isoMicros(CPU_START * 1000), end: isoMicros((CPU_START + tick * 10000) * 1000), file: `cpu-${label}.csv`, label };
}

function genTrades(file: string, rows: number, label: string): DatasetMeta {
  const seed = 7;
  const r = rng(seed);
  const out = new CsvOut(file);
  out.push('ts,symbol,side,price,amount\n');
  const weights = SYMBOLS.map((_x, k) => 1 / (k + 1));
  const total = weights.reduce((a, b) => a + b);
  const cumulative: number[] = [];
  let acc = 0;
  for (const w of weights) { acc += w / total; cumulative.push(acc); }
  const pick = (u: number): number => {
    let lo = 0, hi = cumulative.length - 1;
    while (lo < hi) { const m = (lo + hi) >> 1; if (u < cumulative[m]) hi = m; else lo = m + 1; }
    return lo;
  };
  // Prices in 1e-4 units.
  const px = SYMBOLS.map(() => Math.floor((10 + r() * 990) * 10000));
  const meanGapUs = (TRADES_SPAN_MS * 1000) / rows;
  let us = TRADES_START * 1000;
  const endUs = (TRADES_START + TRADES_SPAN_MS) * 1000 - 1;
  for (let i = 0; i < rows; i++) {
    us += Math.floor(-Math.log(1 - r()) * meanGapUs);
    if (us > endUs) us = endUs;
    const s = pick(r());
    let p = px[s] + Math.round((r() - 0.5) * px[s] * 0.001);
    if (p < 10000) p = 10000;
    px[s] = p;
    const amount = 1 + Math.floor(r() * 100000);
    out.push(`${isoMicros(us)},${SYMBOLS[s]},${r() < 0.5 ? 'buy' : 'sell'},${fixed(p, 4, 10000)},${fixed(amount, 4, 10000)}\n`);
  }
  out.close();
  return { dataset: 'trades', rows, seed, bytes: out.bytes, start: isoMicros(TRADES_START * 1000), end: isoMicros(us), file: `trades-${label}.csv`, label };
}

/** The dataset's meta, generating its files in `dir` first when they are missing. */
export function ensureDataset(dir: string, dataset: 'cpu' | 'trades', rows: number, log: (line: string) => void): DatasetMeta {
  mkdirSync(dir, { recursive: true });
  const label = sizeLabel(rows);
  const metaFile = join(dir, `${dataset}-${label}.meta.json`);
  if (existsSync(metaFile)) {
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as DatasetMeta;
    if (existsSync(join(dir, meta.file))) return meta;
  }
  const t0 = performance.now();
  const file = join(dir, `${dataset}-${label}.csv`);
  const meta = dataset === 'cpu' ? genCpu(file, rows, label) : genTrades(file, rows, label);
  writeFileSync(metaFile, `${JSON.stringify(meta, null, 1)}\n`);
  log(`generated ${file}: ${rows} rows, ${(meta.bytes / 1e6).toFixed(0)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return meta;
}
