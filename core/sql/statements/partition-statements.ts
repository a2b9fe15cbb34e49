/**
 * ALTER TABLE … DROP PARTITION and CONVERT PARTITION TO PARQUET / NATIVE, with QuestDB's two ways of naming
 * partitions: `LIST '2024-01-01'[, …]` (each entry read in the partitioning's format, so a longer timestamp
 * names its partition) or `WHERE <predicate on the designated timestamp>`, evaluated on each partition's
 * timestamp (the start of its range), as QuestDB does. Names are checked when the statement is compiled,
 * existence when it runs, before anything changes: a missing partition fails the whole statement.
 */
import { TypeTag } from '../../data/column-type';
import { parsePartitionName, partitionName } from '../../data/partition-names';
import { PartitionBy, TableSchema } from '../../data/table-schema';
import { SvcError } from '../../errors';
import { formatTimestampMicros } from '../../time/iso-timestamp';
import type { AlterAction, Expression, Query } from '../ast';
import { BindEnvironment } from '../bind-environment';
import { evaluate } from '../evaluate';
import { ExpressionBinder } from '../expression-binder';
import { ExecContext, PlanNode } from '../plan';
import { runSubqueries } from '../query-result';
import { FixedScope } from '../scope';

type PartitionAction = Extract<AlterAction, { kind: 'dropPartition' | 'convertPartition' }>;
type Run = (c: ExecContext) => Promise<void>;

interface Named { readonly name: string; readonly floor: number; readonly position: number }

export function preparePartitionAction(a: PartitionAction, t: TableSchema, env: BindEnvironment, bindQuery: (q: Query) => PlanNode): Run {
  const at = a.targetPosition ?? a.position;
  if (t.partitionBy === 'NONE' || t.timestampIndex < 0) throw SvcError.sql(at, 'table is not partitioned');
  const storage = env.storage;
  const apply = a.kind === 'dropPartition'
    ? storage.dropPartitions && ((names: string[]) => (storage.dropPartitions as NonNullable<typeof storage.dropPartitions>).call(storage, t.name, names))
    : storage.convertPartitions && ((names: string[], signal: AbortSignal) =>
      (storage.convertPartitions as NonNullable<typeof storage.convertPartitions>).call(storage, t.name, names, a.to, signal).then(() => undefined));
  if (!apply) throw SvcError.sql(a.position, `ALTER TABLE ${a.kind === 'dropPartition' ? 'DROP' : 'CONVERT'} PARTITION is not supported by this storage engine`);
  const chosen = a.list ? listed(a.list, t.partitionBy) : matching(a.where as Expression, t, env, bindQuery);
  return async (c) => {
    const existing = storage.openReader(t.name);
    let names: Named[];
    try {
      const all = existing.partitions.map((p) => ({ name: p.name, floor: parsePartitionName(p.name, t.partitionBy) }));
      names = await chosen(all, c);
      for (const n of names) {
        if (all.some((p) => p.name === n.name)) continue;
        throw SvcError.sql(n.position, missingMessage(a, t, n));
      }
    } finally {
      existing.close();
    }
    await apply([...new Set(names.map((n) => n.name))], c.signal);
  };
}

function missingMessage(a: PartitionAction, t: TableSchema, n: Named): string {
  if (a.kind === 'dropPartition') {
    return `could not remove partition [table=${t.name}, partitionTimestamp=${formatTimestampMicros(n.floor)}, partitionBy=${t.partitionBy}]`;
  }
  return a.to === 'parquet'
    ? `cannot convert partition to parquet, partition does not exist [table=${t.name}, partition=${n.name}]`
    : `cannot convert parquet partition to native, partition does not exist [table=${t.name}, partition=${n.name}]`;
}

/** LIST entries: string literals (or bare numbers, `LIST 2024`) in the partitioning's format. */
function listed(list: readonly Expression[], by: PartitionBy): () => Promise<Named[]> {
  const names = list.map((e): Named => {
    const position = 'position' in e ? e.position : 0;
    // QuestDB reads the entry's token text, unquoted: `'2024-01-01'`, or a bare `2024`.
    const text = e.kind !== 'literal' ? undefined : e.type === 'string' || e.type === 'char' ? e.value : e.type === 'int' || e.type === 'long' ? e.raw : undefined;
    if (text === undefined) throw SvcError.sql(position, 'partition name expected');
    try {
      const floor = parsePartitionName(text, by);
      return { name: partitionName(by, floor), floor, position };
    } catch (err) {
      throw SvcError.sql(position, err instanceof Error ? err.message : String(err));
    }
  });
  return async () => names;
}

/** WHERE: the predicate over the designated timestamp, true for the partitions whose timestamp it accepts. */
function matching(where: Expression, t: TableSchema, env: BindEnvironment, bindQuery: (q: Query) => PlanNode): (all: readonly { name: string; floor: number }[], c: ExecContext) => Promise<Named[]> {
  const ts = t.columns[t.timestampIndex];
  const scope = new FixedScope([{ name: ts.name, qualifiers: [t.name.toLowerCase()], type: ts.type, index: 0 }], 0);
  const binder = new ExpressionBinder(env.registry, scope, { subquery: bindQuery, onSubquery: (e) => env.subqueries.push(e), parameters: env.parameters });
  const predicate = binder.toBoolean(binder.bind(where));
  const position = 'position' in where ? where.position : 0;
  return async (all, c) => {
    await runSubqueries(env.subqueries, c);
    const n = all.length;
    // TIMESTAMP_NS tables compare in ns: the partition's µs floor times 1000.
    const scale = ts.type.tag === TypeTag.TIMESTAMP_NS ? 1000 : 1;
    const floors = Float64Array.from(all, (p) => p.floor * scale);
    const mask = n === 0 ? new Uint8Array(0) : evaluate(predicate, { rowCount: n, vectors: [{ type: ts.type, data: floors }] }, c).data;
    const out: Named[] = [];
    for (let i = 0; i < n; i++) if (mask[i] !== 0) out.push({ ...all[i], position });
    if (out.length === 0) throw SvcError.sql(position, 'no partitions matched WHERE clause');
    return out;
  };
}
