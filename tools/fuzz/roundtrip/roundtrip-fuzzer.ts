/**
 * The round-trip loop: for every ingest path a fresh table of every type's edge values (rt-table.ts), written
 * through that path, read back through every output, each cell compared with its canonical expected value.
 * A cell that differs is a mismatch unless known-differences.json explains it; a path or an output that fails
 * outright is a mismatch too. Every mismatch names the path, the output, the column (type) and the value.
 */
import { Prng } from '../prng';
import { csvImport } from './ingest/ingest-csv';
import { ilpClientPaths } from './ingest/ingest-ilp-client';
import { ilpV1Http, ilpV1Tcp } from './ingest/ingest-ilp-text';
import { ndjsonImport } from './ingest/ingest-ndjson';
import { parquetImport } from './ingest/ingest-parquet';
import { pgBinaryIngest, pgTextIngest } from './ingest/ingest-pg';
import { sqlInsert } from './ingest/ingest-sql';
import { Cell, KnownDifference, knownFor } from './known-differences';
import { expArrow, expParquet } from './output/read-columnar';
import { execJson, expCsv, expNdjson } from './output/read-http';
import { pgBinaryOut, pgTextOut } from './output/read-pg';
import { IngestPath, OutputReader, RtContext } from './rt-context';
import { RtColumn } from './rt-columns';
import { createSql, RtTable, rtTable } from './rt-table';
import { canonOf } from './rt-values';

export const INGEST_PATHS: readonly IngestPath[] = [sqlInsert, csvImport, ndjsonImport, parquetImport, ilpV1Http, ilpV1Tcp, ...ilpClientPaths, pgTextIngest, pgBinaryIngest];
export const OUTPUTS: readonly OutputReader[] = [execJson, expCsv, expNdjson, expParquet, expArrow, pgTextOut, pgBinaryOut];

export interface RoundTripStats {
  cells: number;
  /** Cells a path cannot express (written as NULL instead). */
  notExpressible: number;
  readonly mismatches: Cell[];
  readonly known: Map<KnownDifference, number>;
  /** Whole paths or outputs that failed: `path`, `path → output`, with the error. */
  readonly failures: string[];
  /** Columns each path's server refused (the write was repeated without them). */
  readonly refused: Map<string, Set<string>>;
}

/** The table a path writes: its values where it accepts them, NULL (and NULL's canonical form) elsewhere. */
function forPath(t: RtTable, path: IngestPath, stats: RoundTripStats): RtTable {
  const rows = t.rows.map((row) => row.map((cell, ci) => {
    const c = t.columns[ci];
    if (cell.v === null || path.accepts(c, cell.v)) return cell;
    stats.notExpressible++;
    return { v: null, canon: canonOf(c, null) };
  }));
  return { ...t, rows };
}

export async function roundTrip(ctx: RtContext, seed: number, known: readonly KnownDifference[], paths = INGEST_PATHS, outputs = OUTPUTS,
  log: (line: string) => void = () => {}): Promise<RoundTripStats> {
  const stats: RoundTripStats = { cells: 0, notExpressible: 0, mismatches: [], known: new Map(), failures: [], refused: new Map() };
  const rnd = new Prng(seed);
  for (const path of paths) {
    const table = await writeIsolating(ctx, path, forPath(rtTable(rnd.fork(path.name.length), `rt_${path.name.replace(/-/g, '_')}_${seed}`), path, stats), known, stats);
    if (!table) continue;
    for (const output of outputs) {
      let rows: (string | null)[][];
      try {
        rows = await output.read(ctx, table);
      } catch (e) {
        stats.failures.push(`${path.name} → ${output.name}: ${e instanceof Error ? e.message : String(e)}`);
        continue;
      }
      if (rows.length !== table.rows.length) stats.failures.push(`${path.name} → ${output.name}: ${rows.length} rows back of ${table.rows.length}`);
      compare(path.name, output.name, table, rows, known, stats);
    }
    log(`${path.name}: written and read back through ${outputs.length} outputs`);
    await ctx.svc.exec(`DROP TABLE IF EXISTS ${table.name}`);
  }
  return stats;
}

function withoutColumn(t: RtTable, name: string): RtTable {
  const keep = t.columns.map((c, ci) => (c.name === name ? -1 : ci)).filter((ci) => ci >= 0);
  return { ...t, columns: keep.map((ci) => t.columns[ci]), rows: t.rows.map((row) => keep.map((ci) => row[ci])) };
}

/**
 * Writes the table through the path. When the server refuses the write naming a column (`column: tn`), that
 * column is recorded as refused (a mismatch, or a known one) and the write is tried again without it, so
 * one refused type does not hide every other column. Undefined when the write fails otherwise.
 */
async function writeIsolating(ctx: RtContext, path: IngestPath, first: RtTable, known: readonly KnownDifference[], stats: RoundTripStats): Promise<RtTable | undefined> {
  let table = first;
  const refuse = (column: RtColumn, message: string): void => {
    const cell: Cell = { path: path.name, output: 'write', column: column.name, kind: column.kind, expected: null, actual: `refused: ${message.slice(0, 300)}` };
    const k = knownFor(known, cell);
    if (k) stats.known.set(k, (stats.known.get(k) ?? 0) + 1);
    else stats.mismatches.push(cell);
    (stats.refused.get(path.name) ?? stats.refused.set(path.name, new Set()).get(path.name))?.add(column.name);
    table = withoutColumn(table, column.name);
  };
  for (const name of path.twin ? stats.refused.get(path.twin) ?? [] : []) {
    const column = table.columns.find((c) => c.name === name);
    if (column) refuse(column, `as over ${path.twin}`);
  }
  for (;;) {
    await ctx.svc.exec(`DROP TABLE IF EXISTS ${table.name}`);
    await ctx.svc.must(createSql(table));
    try {
      await path.write(ctx, table);
      return table;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      // `column: tn` (line protocol), `bind variable $98` (PostgreSQL: $1 is id, $2 is ts).
      const named = /column[:=]\s*"?([A-Za-z0-9_]+)/.exec(message)?.[1];
      const parameter = Number(/bind variable \$(\d+)/.exec(message)?.[1] ?? NaN);
      const column = table.columns.find((c) => c.name === named) ?? table.columns[parameter - 3];
      if (!column) {
        stats.failures.push(`${path.name}: ${message}`);
        return undefined;
      }
      refuse(column, message);
    }
  }
}

function compare(path: string, output: string, t: RtTable, rows: readonly (readonly (string | null)[])[], known: readonly KnownDifference[], stats: RoundTripStats): void {
  const n = Math.min(rows.length, t.rows.length);
  for (let r = 0; r < n; r++) {
    t.columns.forEach((c, ci) => {
      stats.cells++;
      const expected = t.rows[r][ci].canon, actual = rows[r][ci];
      if (expected === actual) return;
      const cell: Cell = { path, output, column: c.name, kind: c.kind, expected, actual };
      const k = knownFor(known, cell);
      if (k) stats.known.set(k, (stats.known.get(k) ?? 0) + 1);
      else stats.mismatches.push(cell);
    });
  }
}

export function describe(cell: Cell, type: string): string {
  const show = (s: string | null): string => (s === null ? 'NULL' : JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…(${s.length})` : s));
  return `${cell.path} → ${cell.output}: ${type} ${show(cell.expected)} came back ${show(cell.actual)} (column ${cell.column})`;
}
