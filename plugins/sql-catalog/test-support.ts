/** For the catalog's unit tests: a compiler over a harness's tables with the built-in and catalog functions. */
import { SqlFunction } from '../../core/extension/sql-function';
import { SqlCompiler } from '../../core/sql/sql-compiler';
import { readValue, SqlValue } from '../../core/sql/vector/sql-value';
import { SqlHarness } from '../sql-engine/sql-harness';
import { builtinFunctions } from '../sql-functions/builtin-functions';
import { QuestDbSqlGrammar } from '../sql-grammar/questdb-sql-grammar';
import { catalogSqlFunctions } from './catalog-relations';

export function catalogCompiler(h: SqlHarness): SqlCompiler {
  const functions: SqlFunction[] = [];
  functions.push(...builtinFunctions, ...catalogSqlFunctions({ storage: () => h.engine, functions: () => functions }));
  return new SqlCompiler(new QuestDbSqlGrammar(), h.engine, functions, { jit: true });
}

/** Every row of a query, as values (readValue). */
export async function queryRows(compiler: SqlCompiler, sql: string): Promise<SqlValue[][]> {
  const out = await compiler.compile(sql).execute({ signal: new AbortController().signal });
  if (out.kind !== 'rows') throw new Error(out.kind);
  const all: SqlValue[][] = [];
  for await (const b of out.result.batches()) for (let i = 0; i < b.rowCount; i++) all.push(b.vectors.map((v) => readValue(v, i)));
  return all;
}
