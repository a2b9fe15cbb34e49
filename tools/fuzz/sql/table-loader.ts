/**
 * Puts one generated table into both engines: in svc through CREATE TABLE and INSERT … VALUES statements
 * over /exec (one statement per batch of up to 100 rows, batches in the table's commit order), in DuckDB
 * through the same rows as typed literals.
 */
import { FUZZ_TYPES } from './fuzz-types';
import { DuckRunner } from './duck-runner';
import { duckLiteral, svcInsertValue } from './literals';
import { SvcRunner } from './svc-runner';
import { FuzzTable } from './table-generator';

const ROWS_PER_STATEMENT = 100;

export function svcCreate(t: FuzzTable): string {
  const cols = t.columns.map((c) => `${c.name} ${FUZZ_TYPES[c.type].svcDdl}`).join(', ');
  return `CREATE TABLE ${t.name} (${cols})${t.designated ? ` TIMESTAMP(ts) PARTITION BY ${t.partitionBy}` : ''}`;
}

export function svcInserts(t: FuzzTable): string[] {
  const out: string[] = [];
  for (const batch of t.batches) {
    for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
      const rows = batch.slice(i, i + ROWS_PER_STATEMENT).map((r) => `(${t.columns.map((c, ci) => svcInsertValue(c.type, t.rows[r][ci])).join(', ')})`);
      out.push(`INSERT INTO ${t.name} VALUES ${rows.join(', ')}`);
    }
  }
  return out;
}

export function duckCreate(t: FuzzTable): string {
  return `CREATE TABLE ${t.name} (${t.columns.map((c) => `${c.name} ${FUZZ_TYPES[c.type].duckDdl}`).join(', ')})`;
}

export function duckInserts(t: FuzzTable): string[] {
  const out: string[] = [];
  for (let i = 0; i < t.rows.length; i += ROWS_PER_STATEMENT) {
    const rows = t.rows.slice(i, i + ROWS_PER_STATEMENT).map((row) => `(${t.columns.map((c, ci) => duckLiteral(c.type, row[ci])).join(', ')})`);
    out.push(`INSERT INTO ${t.name} VALUES ${rows.join(', ')}`);
  }
  return out;
}

export async function loadTable(t: FuzzTable, svc: SvcRunner, duck: DuckRunner): Promise<void> {
  await svc.must(svcCreate(t));
  for (const s of svcInserts(t)) await svc.must(s);
  await duck.must(duckCreate(t));
  for (const s of duckInserts(t)) await duck.must(s);
}

export async function dropTable(name: string, svc: SvcRunner, duck: DuckRunner): Promise<void> {
  await svc.exec(`DROP TABLE IF EXISTS ${name}`);
  await duck.exec(`DROP TABLE IF EXISTS ${name}`);
}
