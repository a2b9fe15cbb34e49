/**
 * The QueryEngine registered by the sql-engine plugin: SqlCompiler wired to the container's grammar,
 * storage, functions, `cairo.sql.jit.mode`, the hash memory limit, the query worker pool and
 * `cairo.wal.enabled.default`.
 */
import { inject, injectable, injectAll } from 'tsyringe';
import { ServerConfig } from '../config/server-config';
import { CAIRO_WAL_ENABLED_DEFAULT, SQL_HASH_MAX_MEMORY, SQL_JIT_MODE } from '../config/server-keys';
import { SqlFunction } from '../extension/sql-function';
import { SqlGrammar } from '../extension/sql-grammar';
import { StorageEngine } from '../extension/storage-engine';
import { CompiledQuery, CompileOptions, QueryEngine } from './query-engine';
import { SqlCompiler } from './sql-compiler';
import { QueryWorkers } from '../parallel/query-workers';

@injectable()
export class SqlQueryEngine implements QueryEngine {
  private readonly compiler: SqlCompiler;

  constructor(
    @inject(SqlGrammar) grammar: SqlGrammar,
    @inject(StorageEngine) storage: StorageEngine,
    @injectAll(SqlFunction) functions: SqlFunction[],
    @inject(ServerConfig) config: ServerConfig,
    @inject(QueryWorkers) workers: QueryWorkers,
  ) {
    this.compiler = new SqlCompiler(grammar, storage, functions, {
      jit: config.get(SQL_JIT_MODE) === 'on', hashMemoryLimit: config.get(SQL_HASH_MAX_MEMORY), workers,
      walEnabledDefault: config.get(CAIRO_WAL_ENABLED_DEFAULT),
    });
  }

  compile(sql: string, options?: CompileOptions): CompiledQuery {
    return this.compiler.compile(sql, options);
  }
}
