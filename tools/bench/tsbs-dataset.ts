/**
 * The TSBS cpu-only table as a CSV in the bench's data folder (`tsbs-cpu-<size>.csv` + `.meta.json`),
 * generated once from the simulator (tsbs-cpu.ts): the ten tags, the ten fields with two decimals, and
 * `timestamp` last, the column order QuestDB gives a table the TSBS loader creates over line protocol.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sizeLabel } from './bench-datasets';
import { SchemaColumn } from './bench-queries';
import { BenchTable } from './bench-table';
import { CsvOut, fixed, isoMicros } from './bench-text';
import { TSBS_FIELDS, TSBS_START_MS, TSBS_TAGS, TSBS_TICK_MS, TsbsCpu, tsbsHosts } from './tsbs-cpu';

export interface TsbsMeta {
  readonly rows: number;
  readonly hosts: number;
  readonly bytes: number;
  readonly file: string;
  /** The first tick, ms since the epoch. */
  readonly startMs: number;
  /** One tick past the last, ms: the rows lie in [startMs, endMs). */
  readonly endMs: number;
}

export const TSBS_SCHEMA: readonly SchemaColumn[] = [
  ...TSBS_TAGS.map((name) => ({ name, type: 'SYMBOL' })),
  ...TSBS_FIELDS.map((name) => ({ name, type: 'DOUBLE' })),
  { name: 'timestamp', type: 'TIMESTAMP', pattern: 'yyyy-MM-ddTHH:mm:ss.SSSUUUZ' },
];

export function tsbsTable(m: TsbsMeta): BenchTable {
  return { name: 'cpu', file: m.file, rows: m.rows, bytes: m.bytes, schema: TSBS_SCHEMA, timestamp: 'timestamp' };
}

function generate(file: string, rows: number, label: string): TsbsMeta {
  const hosts = tsbsHosts(rows);
  const sim = new TsbsCpu(hosts);
  const prefixes = sim.tags.map((t) => `${t.join(',')},`);
  const out = new CsvOut(file);
  out.push(`${TSBS_SCHEMA.map((c) => c.name).join(',')}\n`);
  const v = sim.values;
  let tick = 0;
  for (let written = 0; written < rows; tick++) {
    if (tick > 0) sim.tick();
    const ts = isoMicros((TSBS_START_MS + tick * TSBS_TICK_MS) * 1000);
    for (let h = 0; h < hosts && written < rows; h++, written++) {
      let line = prefixes[h];
      for (let f = 0; f < 10; f++) line += `${fixed(v[h * 10 + f], 2, 100)},`;
      out.push(`${line}${ts}\n`);
    }
  }
  out.close();
  return { rows, hosts, bytes: out.bytes, file: `tsbs-cpu-${label}.csv`, startMs: TSBS_START_MS, endMs: TSBS_START_MS + tick * TSBS_TICK_MS };
}

/** The table's meta, generating its CSV in `dir` first when it is missing. */
export function ensureTsbsDataset(dir: string, rows: number, log: (line: string) => void): TsbsMeta {
  mkdirSync(dir, { recursive: true });
  const label = sizeLabel(rows);
  const metaFile = join(dir, `tsbs-cpu-${label}.meta.json`);
  if (existsSync(metaFile)) {
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as TsbsMeta;
    if (existsSync(join(dir, meta.file))) return meta;
  }
  const t0 = performance.now();
  const meta = generate(join(dir, `tsbs-cpu-${label}.csv`), rows, label);
  writeFileSync(metaFile, `${JSON.stringify(meta, null, 1)}\n`);
  log(`generated ${meta.file}: ${rows} rows, ${meta.hosts} hosts, ${(meta.bytes / 1e6).toFixed(0)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return meta;
}
