/**
 * DROP, TRUNCATE, RENAME TABLE and ALTER TABLE ADD/DROP/RENAME COLUMN, SET PARAM, DEDUP ENABLE/DISABLE, and
 * DROP / CONVERT PARTITION (partition-statements.ts).
 */
import { ColumnType, parseTypeName } from '../../data/column-type';
import { dedupKeyError } from '../../data/dedup-keys';
import { findColumn } from '../../data/table-schema';
import { SvcError } from '../../errors';
import { durationMicros } from './duration-micros';
import type { Duration, AlterTableStatement, DropTableStatement, Expression, Query, RenameTableStatement, TruncateStatement } from '../ast';
import { BindEnvironment } from '../bind-environment';
import { ExecContext, PlanNode } from '../plan';
import { preparePartitionAction } from './partition-statements';

/** Runs the change through the execution's storage (inside a transaction, its view: a table it holds is refused). */
type Run = (c: ExecContext) => Promise<void>;

function intOf(e: Expression | Duration | undefined): number | undefined {
  if (e && e.kind === 'duration') return durationMicros(e);
  return e && e.kind === 'literal' && (e.type === 'int' || e.type === 'long') ? Number(e.value) : undefined;
}

/**
 * `parquetConvertAfter`: a duration (`7d`, `12h`), its text (`'7d'`), µs as a bare integer, or 0 (never). A
 * table's value overrides `cairo.partition.parquet.convert.after`.
 */
export function ageMicros(e: Expression | Duration, position: number): number {
  const direct = intOf(e);
  if (direct !== undefined) return direct;
  if (e.kind === 'literal' && (e.type === 'string' || e.type === 'char')) {
    const m = /^\s*(\d+)\s*(us|ms|s|m|h|d|w)?\s*$/.exec(e.value);
    const scale: Record<string, number> = { us: 1, ms: 1e3, s: 1e6, m: 6e7, h: 3.6e9, d: 8.64e10, w: 6.048e11 };
    if (m) return Number(m[1]) * scale[m[2] ?? 'us'];
  }
  throw SvcError.sql(position, 'invalid parquetConvertAfter value, expected a duration such as 7d, 12h or 0');
}

export function prepareDrop(s: DropTableStatement, env: BindEnvironment): Run {
  const t = env.storage.getTable(s.table.name);
  if (!t) {
    if (s.ifExists) return async () => undefined;
    throw SvcError.tableDoesNotExist(s.table.position, s.table.name);
  }
  return (c) => c.storage.dropTable(t.name);
}

export function prepareTruncate(s: TruncateStatement, env: BindEnvironment): Run {
  const names: string[] = [];
  for (const id of s.tables) {
    const t = env.storage.getTable(id.name);
    if (!t) { if (s.ifExists) continue; throw SvcError.tableDoesNotExist(id.position, id.name); }
    names.push(t.name);
  }
  return async (c) => { for (const n of names) await c.storage.truncateTable(n); };
}

export function prepareRename(s: RenameTableStatement, env: BindEnvironment): Run {
  const t = env.storage.getTable(s.from.name);
  if (!t) throw SvcError.tableDoesNotExist(s.from.position, s.from.name);
  if (env.storage.getTable(s.to.name) && s.to.name.toLowerCase() !== s.from.name.toLowerCase()) {
    throw SvcError.sql(s.to.position, `table already exists [table=${s.to.name}]`);
  }
  return (c) => c.storage.renameTable(t.name, s.to.name);
}

export function prepareAlter(s: AlterTableStatement, env: BindEnvironment, bindQuery: (q: Query) => PlanNode): (c: ExecContext) => Promise<void> {
  const t = env.storage.getTable(s.table.name);
  if (!t) throw SvcError.tableDoesNotExist(s.table.position, s.table.name);
  const a = s.action;
  switch (a.kind) {
    case 'addColumn': {
      const defs = a.columns.filter((c) => {
        if (findColumn(t, c.name.name) < 0) return true;
        if (a.ifNotExists) return false;
        throw SvcError.sql(c.name.position, `column '${c.name.name}' already exists`);
      }).map((c) => {
        const type: ColumnType | undefined = parseTypeName(c.type.name);
        if (!type) throw SvcError.sql(c.type.position, `unsupported column type: ${c.type.name}`);
        return { name: c.name.name, type, symbolCapacity: intOf(c.symbolCapacity), symbolCached: c.symbolCache, indexed: c.indexed, indexCapacity: intOf(c.indexCapacity) };
      });
      return async (c) => { await c.storage.addColumns(t.name, defs); };
    }
    case 'dropColumn': {
      const names = a.columns.map((c) => {
        const k = findColumn(t, c.name);
        if (k < 0) throw SvcError.invalidColumn(c.position, c.name);
        if (k === t.timestampIndex) throw SvcError.sql(c.position, 'cannot remove designated timestamp column');
        return t.columns[k].name;
      });
      return async (c) => { for (const n of names) await c.storage.dropColumn(t.name, n); };
    }
    case 'renameColumn': {
      const k = findColumn(t, a.from.name);
      if (k < 0) throw SvcError.invalidColumn(a.from.position, a.from.name);
      if (findColumn(t, a.to.name) >= 0) throw SvcError.sql(a.to.position, `column '${a.to.name}' already exists`);
      return (c) => c.storage.renameColumn(t.name, t.columns[k].name, a.to.name);
    }
    case 'setParam': {
      const params: { maxUncommittedRows?: number; o3MaxLagMicros?: number; parquetConvertAfterMicros?: number } = {};
      for (const p of a.params) {
        const n = p.name.name.toLowerCase();
        if (n === 'maxuncommittedrows') params.maxUncommittedRows = intOf(p.value);
        else if (n === 'o3maxlag') params.o3MaxLagMicros = p.value.kind === 'duration' ? durationMicros(p.value) : intOf(p.value);
        else if (n === 'parquetconvertafter') params.parquetConvertAfterMicros = ageMicros(p.value, p.name.position);
        else throw SvcError.sql(p.name.position, `unrecognized table parameter: ${p.name.name}`);
      }
      return (c) => c.storage.setTableParams(t.name, params);
    }
    case 'dedupEnable': {
      const keys = a.keys.map((k) => k.name);
      const error = dedupKeyError(t.columns, t.timestampIndex >= 0 ? t.columns[t.timestampIndex].name : undefined, keys);
      if (error) throw SvcError.sql(a.keys[error.key]?.position ?? a.position, error.message);
      return (c) => c.storage.setTableParams(t.name, { dedupKeys: keys.map((k) => t.columns[findColumn(t, k)].name) });
    }
    case 'dedupDisable':
      return (c) => c.storage.setTableParams(t.name, { dedupKeys: [] });
    case 'dropPartition': case 'convertPartition':
      return preparePartitionAction(a, t, env, bindQuery);
    default:
      throw SvcError.sql(a.position, `ALTER TABLE ${a.kind} is not supported yet`);
  }
}
