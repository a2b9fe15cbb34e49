/**
 * The QueryEngine registered by the sql-engine plugin: SqlCompiler wired to the container's grammar,
 * storage, functions and `cairo.sql.jit.mode`.
 */
import { inject, injectable, injectAll } from 'tsyringe';
import { ServerConfig } from '../config/server-config';
import { SQL_HASH_MAX_MEMORY, SQL_JIT_MODE } from '../config/server-keys';
import { SqlFunction } from '../extension/sql-function';
import { SqlGrammar } from '../extension/sql-grammar';
import { StorageEngine } from '../extension/storage-engine';
import { CompiledQuery, QueryEngine } from './query-engine';
import { SqlCompiler } from './sql-compiler';

@injectable()
export class SqlQueryEngine implements QueryEngine {
  private readonly compiler: SqlCompiler;

  constructor(
    @inject(SqlGrammar) grammar: SqlGrammar,
    @inject(StorageEngine) storage: StorageEngine,
    @injectAll(SqlFunction) functions: SqlFunction[],
    @inject(ServerConfig) config: ServerConfig,
  ) {
    this.compiler = new SqlCompiler(grammar, storage, functions, { jit: config.get(SQL_JIT_MODE) === 'on', hashMemoryLimit: config.get(SQL_HASH_MAX_MEMORY) });
  }

  compile(sql: string): CompiledQuery {
    return this.compiler.compile(sql);
  }
}
