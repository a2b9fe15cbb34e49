/** SHOW TABLES / COLUMNS / PARTITIONS / CREATE TABLE / PARAMETERS as plans over the meta functions. */
import { ddlTypeName, Types, TypeTag } from '../../data/column-type';
import { TableSchema } from '../../data/table-schema';
import { SvcError } from '../../errors';
import type { ShowStatement } from '../ast';
import { BindEnvironment } from '../bind-environment';
import { BoundExpr } from '../bound-expression';
import { Project } from '../operators/project';
import { SingleRow } from '../operators/single-row';
import { TableFunctionScan } from '../operators/table-function-scan';
import { PlanNode } from '../plan';

function meta(env: BindEnvironment, name: string, args: unknown[], position: number): PlanNode {
  const fn = env.registry.tableFunction(name);
  if (!fn) throw SvcError.sql(position, `unknown function name: ${name}`);
  return new TableFunctionScan(name, fn.describe(args, [position], env.describeContext), (c) => env.tableFunctionContext(c));
}

export function showPlan(s: ShowStatement, env: BindEnvironment): PlanNode {
  const table = s.table;
  switch (s.what) {
    case 'tables': {
      const all = meta(env, 'tables', [], s.position);
      const k = all.columns.findIndex((c) => c.name === 'table_name');
      const e: BoundExpr = { kind: 'column', index: k, type: Types.STRING, name: 'table_name', position: 0 };
      return new Project(all, [e], [{ name: 'table_name', type: Types.STRING }], -1);
    }
    case 'columns': return meta(env, 'table_columns', [table?.name], table?.position ?? s.position);
    case 'partitions': return meta(env, 'table_partitions', [table?.name], table?.position ?? s.position);
    case 'createTable': {
      const t = table ? env.storage.getTable(table.name) : undefined;
      if (!t || !table) throw SvcError.tableDoesNotExist(table?.position ?? s.position, table?.name ?? '');
      const ddl: BoundExpr = { kind: 'constant', type: Types.STRING, value: createTableText(t), position: 0 };
      return new Project(new SingleRow(), [ddl], [{ name: 'ddl', type: Types.STRING }], -1);
    }
    case 'parameters': return meta(env, 'show_parameters', [], s.position);
    default: throw SvcError.sql(s.position, `SHOW ${s.what} is not supported yet`);
  }
}

export function createTableText(t: TableSchema): string {
  const cols = t.columns.map((c) => {
    let s = `\t${c.name} ${ddlTypeName(c.type)}`;
    if (c.type.tag === TypeTag.SYMBOL) {
      s += ` CAPACITY ${c.symbolCapacity ?? 128} ${c.symbolCached === false ? 'NOCACHE' : 'CACHE'}`;
      if (c.indexed) s += ` INDEX CAPACITY ${c.indexCapacity ?? 256}`;
    }
    return s;
  });
  let ddl = `CREATE TABLE '${t.name}' ( \n${cols.join(',\n')}\n)`;
  if (t.timestampIndex >= 0) ddl += ` timestamp(${t.columns[t.timestampIndex].name}) PARTITION BY ${t.partitionBy}${t.walEnabled ? ' WAL' : ' BYPASS WAL'}`;
  ddl += `\nWITH maxUncommittedRows=${t.maxUncommittedRows}, o3MaxLag=${t.o3MaxLagMicros}us`;
  if (t.parquetConvertAfterMicros !== undefined) ddl += `, parquetConvertAfter=${t.parquetConvertAfterMicros}us`;
  if (t.dedupKeys.length) ddl += `\nDEDUP UPSERT KEYS(${t.dedupKeys.join(',')})`;
  return ddl + ';';
}
