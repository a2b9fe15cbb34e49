/**
 * CREATE TABLE [IF NOT EXISTS] (columns | AS (SELECT …) | (LIKE t), which copies t entirely) with TIMESTAMP, PARTITION BY,
 * WAL/BYPASS WAL, DEDUP UPSERT KEYS and WITH params, through StorageEngine.createTable.
 */
import { ColumnType, TypeTag, isDesignatedTimestampType, parseTypeName } from '../../data/column-type';
import { dedupKeyError } from '../../data/dedup-keys';
import { ColumnDef, CreateTableRequest, PartitionBy, TableSchema } from '../../data/table-schema';
import { SvcError } from '../../errors';
import { durationMicros } from './duration-micros';
import type { Duration, CreateTableStatement, Expression, Query } from '../ast';
import { BindEnvironment } from '../bind-environment';
import { ExecContext, PlanNode } from '../plan';
import { appendBatches } from './table-writes';
import { ageMicros } from './alter-statements';
import { isSystemRelation } from './system-relation-writes';
import { runSubqueries } from '../query-result';

function intOf(e: Expression | Duration | undefined): number | undefined {
  if (e && e.kind === 'duration') return durationMicros(e);
  return e && e.kind === 'literal' && (e.type === 'int' || e.type === 'long') ? Number(e.value) : undefined;
}

function typeOf(name: string, position: number): ColumnType {
  const t = parseTypeName(name);
  if (!t) throw SvcError.sql(position, `unsupported column type: ${name}`);
  return t;
}

/** `o3MaxLag='1s'` / `o3MaxLag=600000` (µs when bare) → µs. */
function lagMicros(e: Expression | Duration): number | undefined {
  if (e.kind === 'duration') return durationMicros(e);
  if (e.kind !== 'literal') return undefined;
  if (e.type === 'int' || e.type === 'long') return Number(e.value);
  if (e.type !== 'string' && e.type !== 'char') return undefined;
  const m = /^(\d+)\s*(us|ms|s|m|h)?$/.exec(String(e.value).trim());
  if (!m) return undefined;
  const scale: Record<string, number> = { us: 1, ms: 1000, s: 1_000_000, m: 60_000_000, h: 3_600_000_000 };
  return Number(m[1]) * scale[m[2] ?? 'us'];
}

/**
 * `CREATE TABLE b (LIKE a)` copies everything of a (QuestDB 9.4.4): columns with their symbol capacity,
 * cache and index, the designated timestamp, partitioning, the WAL flag, dedup keys and table parameters.
 */
function likeRequest(name: string, like: TableSchema): CreateTableRequest {
  return {
    name, columns: like.columns, timestamp: like.timestampIndex >= 0 ? like.columns[like.timestampIndex].name : undefined,
    partitionBy: like.partitionBy, walEnabled: like.walEnabled, dedupKeys: like.dedupKeys.length > 0 ? like.dedupKeys : undefined,
    maxUncommittedRows: like.maxUncommittedRows, o3MaxLagMicros: like.o3MaxLagMicros, parquetConvertAfterMicros: like.parquetConvertAfterMicros,
  };
}

/**
 * QuestDB 9.4.4: only a partitioned table is a WAL table — `WAL` makes one, `BYPASS WAL` does not, and
 * neither written follows `cairo.wal.enabled.default`; `WAL` on a table without partitions is an error.
 */
function walEnabled(s: CreateTableStatement, partitionBy: PartitionBy, byDefault: boolean): boolean {
  const partitioned = partitionBy !== 'NONE';
  if (s.wal === true && !partitioned) throw SvcError.sql(s.walPosition ?? s.position, 'WAL Write Mode can only be used on partitioned tables');
  return partitioned && (s.wal ?? byDefault);
}

export function prepareCreateTable(s: CreateTableStatement, env: BindEnvironment, bindQuery: (q: Query) => PlanNode): (c: ExecContext) => Promise<void> {
  // A system relation (`telemetry_config`) exists as far as SQL is concerned: no table may take its name.
  const exists = env.storage.getTable(s.table.name) ?? isSystemRelation(env, s.table.name);
  if (exists) {
    if (s.ifNotExists) return async () => undefined;
    throw SvcError.sql(s.table.position, 'table already exists');
  }
  let columns: ColumnDef[];
  let plan: PlanNode | undefined;
  let like: TableSchema | undefined;
  if (s.columns) {
    columns = s.columns.map((c) => ({
      name: c.name.name, type: typeOf(c.type.name, c.type.position),
      symbolCapacity: intOf(c.symbolCapacity), symbolCached: c.symbolCache, indexed: c.indexed, indexCapacity: intOf(c.indexCapacity),
    }));
  } else if (s.like) {
    like = env.storage.getTable(s.like.name);
    if (!like) throw SvcError.tableDoesNotExist(s.like.position, s.like.name);
    columns = [...like.columns];
  } else {
    plan = bindQuery(s.asSelect as Query);
    columns = plan.columns.map((c) => ({ name: c.name, type: c.type.tag === TypeTag.NULL ? parseTypeName('string') as ColumnType : c.type }));
    for (const cast of s.casts) {
      const k = columns.findIndex((c) => c.name.toLowerCase() === cast.column.name.toLowerCase());
      if (k < 0) throw SvcError.invalidColumn(cast.column.position, cast.column.name);
      columns[k] = { ...columns[k], type: typeOf(cast.type.name, cast.type.position) };
    }
  }
  const seen = new Set<string>();
  for (const [i, c] of columns.entries()) {
    if (seen.has(c.name.toLowerCase())) throw SvcError.sql(s.columns?.[i]?.name.position ?? s.position, `Duplicate column [name=${c.name}]`);
    seen.add(c.name.toLowerCase());
  }
  for (const ix of s.indexes) {
    const k = columns.findIndex((c) => c.name.toLowerCase() === ix.column.name.toLowerCase());
    if (k < 0) throw SvcError.invalidColumn(ix.column.position, ix.column.name);
    columns[k] = { ...columns[k], indexed: true, indexCapacity: intOf(ix.capacity) };
  }
  if (s.timestamp) {
    const k = columns.findIndex((c) => c.name.toLowerCase() === s.timestamp?.name.toLowerCase());
    if (k < 0) throw SvcError.invalidColumn(s.timestamp.position, s.timestamp.name);
    if (!isDesignatedTimestampType(columns[k].type)) throw SvcError.sql(s.timestamp.position, `TIMESTAMP column expected [actual=${columns[k].type.tag === TypeTag.DATE ? 'DATE' : 'other'}]`);
  }
  if (s.partitionBy && s.partitionBy !== 'NONE' && !s.timestamp) {
    throw SvcError.sql(s.partitionByPosition ?? s.position, 'partitioning is possible only on tables with designated timestamps');
  }
  let maxUncommittedRows: number | undefined, o3MaxLagMicros: number | undefined, parquetConvertAfterMicros: number | undefined;
  for (const p of s.params) {
    const name = p.name.name.toLowerCase();
    if (name === 'maxuncommittedrows') maxUncommittedRows = intOf(p.value);
    else if (name === 'o3maxlag') o3MaxLagMicros = lagMicros(p.value);
    else if (name === 'parquetconvertafter') parquetConvertAfterMicros = ageMicros(p.value, p.name.position);
    else throw SvcError.sql(p.name.position, `unrecognized table parameter: ${p.name.name}`);
  }
  const dedupError = s.dedupKeys && dedupKeyError(columns, s.timestamp?.name, s.dedupKeys.map((k) => k.name));
  if (dedupError && s.dedupKeys) throw SvcError.sql(s.dedupKeys[dedupError.key].position, dedupError.message);
  const partitionBy = (s.partitionBy ?? 'NONE') as PartitionBy;
  const request: CreateTableRequest = like ? likeRequest(s.table.name, like) : {
    name: s.table.name, columns, timestamp: s.timestamp?.name, partitionBy,
    walEnabled: walEnabled(s, partitionBy, env.walEnabledDefault), dedupKeys: s.dedupKeys?.map((k) => k.name), maxUncommittedRows, o3MaxLagMicros,
    parquetConvertAfterMicros,
  };
  return async (context) => {
    // A CREATE TABLE AS is one transaction: its table is provisional until its rows are committed, so a
    // crash meanwhile leaves no table either.
    const table = await env.storage.createTable(plan ? { ...request, provisional: true } : request);
    if (!plan) return;
    try {
      await runSubqueries(env.subqueries, context);
      await appendBatches(env.storage, table, table.columns.map((_c, i) => i), plan.execute(context), context);
      await env.storage.publishTable?.(table.name);
    } catch (e) {
      // The statement is one transaction: a failed or cancelled CREATE TABLE AS leaves no table behind.
      await env.storage.dropTable(table.name).catch(() => undefined);
      throw e;
    }
  };
}
