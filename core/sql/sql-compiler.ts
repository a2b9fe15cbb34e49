/**
 * The SQL pipeline behind QueryEngine: SqlGrammar.parse → bind + plan (QueryBinder and the statement
 * preparers) → a CompiledQuery whose execute() runs the plan or the DDL/DML against the StorageEngine.
 * Each compile gets its own BindEnvironment; each execute its own ExecContext
 * (now() fixed per execution, rnd_* seeded by long_sequence seeds).
 */
import { StorageEngine } from '../extension/storage-engine';
import { FunctionContext, SqlFunction, TableFunctionContext } from '../extension/sql-function';
import { SqlGrammar } from '../extension/sql-grammar';
import { SvcError } from '../errors';
import type { Query, Statement } from './ast';
import { BindEnvironment } from './bind-environment';
import { Filter } from './operators/filter';
import { ExecContext, PlanNode } from './plan';
import { CompiledQuery, CompileOptions, ExecuteOptions, QueryOutcome, StatementKind } from './query-engine';
import { ParameterSlots } from './parameters/parameter-slots';
import { watchStorage } from './schema-watch';
import { ParameterValues } from './parameters/parameter-values';
import { QueryBinder } from './query-binder';
import { QueryResult } from './query-result';
import { QueryCancellation } from './query-cancellation';
import { QueryMemory } from './query-memory';
import { FunctionRegistry } from './function-registry';
import { randomSource } from './random-source';
import { prepareAlter, prepareDrop, prepareRename, prepareTruncate } from './statements/alter-statements';
import { prepareCreateTable } from './statements/create-table-statement';
import { prepareInsert } from './statements/insert-statement';
import { explainPlan } from './statements/explain-statement';
import { showPlan } from './statements/show-statement';
import { statementType } from './statement-type';
import { prepareUpdate } from './statements/update-statement';
import { refuseSystemRelationWrites } from './statements/system-relation-writes';
import type { QueryWorkers } from '../parallel/query-workers';
import type { WriteTransaction } from './write-transaction';

export interface SqlCompilerOptions {
  readonly jit: boolean;
  readonly user?: string;
  /** Bytes one execution's hash tables may hold (`cairo.sql.hash.max.memory`); unlimited when absent. */
  readonly hashMemoryLimit?: number;
  /** The query worker pool (absent: queries run on the main thread only). */
  readonly workers?: QueryWorkers;
  /** `cairo.wal.enabled.default` (QuestDB's default, true, when absent). */
  readonly walEnabledDefault?: boolean;
}

interface BoundStatement {
  readonly kind: StatementKind;
  readonly plan?: PlanNode;
  readonly run?: (c: ExecContext) => Promise<QueryOutcome>;
  readonly env: BindEnvironment;
}

const wallMicros = (): number => Math.floor((performance.timeOrigin + performance.now()) * 1000);


/** Bind-time contexts never run a query, so they share one signal that never aborts. */
const NEVER_ABORTED = new AbortController().signal;
export class SqlCompiler {
  readonly registry: FunctionRegistry;

  constructor(private readonly grammar: SqlGrammar, private readonly storage: StorageEngine, functions: readonly SqlFunction[], private readonly options: SqlCompilerOptions) {
    this.registry = new FunctionRegistry(functions);
  }

  /**
   * Parses and binds once; execute() runs the plan with each call's parameter values. A statement whose
   * parameters were used before their types were known is bound a second time with the types settled;
   * one whose plan needs a parameter's value (`LIMIT $1`) is planned again per execution.
   */
  compile(sql: string, options?: CompileOptions): CompiledQuery {
    const statement = this.grammar.parse(sql);
    const watched = watchStorage(this.storage);
    let slots = new ParameterSlots(options?.parameterTypes);
    let bound = this.bindStatement(statement, slots, watched.storage);
    if (slots.untypedSeen) {
      slots = new ParameterSlots(slots.list().map((p) => p.type));
      bound = this.bindStatement(statement, slots, watched.storage);
    }
    const parameters = slots.list();
    const types = parameters.map((p) => p.type);
    const replan = slots.valuesUsed;
    const query = statement.kind === 'select' || statement.kind === 'setOperation';
    const reusable = query && parameters.length === 0 && watched.schemasOnly() ? watched.unchanged : undefined;
    return {
      sql, kind: bound.kind, jitCompiled: bound.plan ? hasCompiledFilter(bound.plan) : false, parameters, columns: bound.plan?.columns,
      timestampIndex: bound.plan?.timestampIndex, statementType: statementType(statement), reusable,
      execute: async (o: ExecuteOptions): Promise<QueryOutcome> => {
        const values = ParameterValues.bind(parameters, o.parameters);
        const b = replan ? this.bindStatement(statement, new ParameterSlots(types, values)) : bound;
        const context = (): ExecContext => this.context(new QueryCancellation(o.signal, o.deadline, o.progress), b.env, values, o.transaction);
        if (b.plan) return { kind: 'rows', result: new QueryResult(b.plan, b.env.subqueries, context, o.window) };
        const c = context();
        try {
          return await (b.run as (c: ExecContext) => Promise<QueryOutcome>)(c);
        } finally {
          c.cancellation.dispose();
        }
      },
    };
  }

  private bindStatement(statement: Statement, parameters: ParameterSlots, storage = this.storage): BoundStatement {
    const env = this.environment(parameters, storage);
    const binder = new QueryBinder(env);
    return { ...this.prepare(statement, env, (q: Query): PlanNode => binder.bind(q)), env };
  }

  /** The plan of a query (tests and EXPLAIN-like tools). */
  plan(sql: string): PlanNode {
    const env = this.environment(new ParameterSlots());
    const compiled = this.prepare(this.grammar.parse(sql), env, (q) => new QueryBinder(env).bind(q));
    if (!compiled.plan) throw SvcError.badRequest('not a query');
    return compiled.plan;
  }

  private prepare(s: Statement, env: BindEnvironment, bindQuery: (q: Query) => PlanNode): { kind: StatementKind; plan?: PlanNode; run?: (c: ExecContext) => Promise<QueryOutcome> } {
    const ddl = (f: (c: ExecContext) => Promise<void>): { kind: StatementKind; run: (c: ExecContext) => Promise<QueryOutcome> } => ({
      kind: 'ddl', run: async (c) => { await f(c); return { kind: 'ddl' }; },
    });
    refuseSystemRelationWrites(s, env);
    switch (s.kind) {
      case 'select': case 'setOperation': return { kind: 'select', plan: new QueryBinder(env).bind(s) };
      case 'show': return { kind: 'select', plan: showPlan(s, env) };
      case 'explain': return { kind: 'select', plan: explainPlan(s, env, bindQuery) };
      case 'insert': {
        const insert = prepareInsert(s, env, bindQuery);
        return { kind: 'insert', run: async (c) => ({ kind: 'insert', inserted: await insert.run(c) }) };
      }
      case 'update': {
        const update = prepareUpdate(s, env, bindQuery);
        return { kind: 'update', run: async (c) => ({ kind: 'update', updated: await update(c) }) };
      }
      case 'createTable': return ddl(prepareCreateTable(s, env, bindQuery));
      case 'dropTable': return ddl(prepareDrop(s, env));
      case 'truncateTable': return ddl(prepareTruncate(s, env));
      case 'renameTable': return ddl(prepareRename(s, env));
      case 'alterTable': return ddl(prepareAlter(s, env, bindQuery));
    }
  }

  private environment(parameters?: ParameterSlots, storage = this.storage): BindEnvironment {
    const user = this.options.user ?? 'admin';
    let base: TableFunctionContext | undefined;
    const env: BindEnvironment = {
      registry: this.registry, storage, jit: this.options.jit, walEnabledDefault: this.options.walEnabledDefault ?? true, subqueries: [], parameters,
      // Only a table function's describe() reads it: made on first use, not for every statement.
      get describeContext(): TableFunctionContext { return (base ??= tableContextOf(storage, NEVER_ABORTED, functionContext(undefined, user))); },
      tableFunctionContext: (c: ExecContext) => tableContextOf(storage, c.signal, c.functions),
    };
    return env;
  }

  private context(cancellation: QueryCancellation, env: BindEnvironment, parameters?: ParameterValues, transaction?: WriteTransaction): ExecContext {
    return {
      signal: cancellation.signal, cancellation, storage: transaction?.storage ?? this.storage, subqueries: new Map(), parameters, transaction,
      memory: new QueryMemory(this.options.hashMemoryLimit ?? Infinity), workers: this.options.workers,
      functions: functionContext(env.seeds, this.options.user ?? 'admin'),
    };
  }
}

/** now() fixed for one execution, its random source (seeded by long_sequence's seeds) and the user. */
function functionContext(seeds: readonly [bigint, bigint] | undefined, user: string): FunctionContext {
  return { now: wallMicros(), random: randomSource(seeds), user };
}

function tableContextOf(storage: StorageEngine, signal: AbortSignal, functions: FunctionContext): TableFunctionContext {
  return {
    ...functions, signal,
    listTables: () => storage.listTables(),
    getTable: (name) => storage.getTable(name),
    partitions: (name) => { const r = storage.openReader(name); try { return r.partitions; } finally { r.close(); } },
    symbolTableSize: (name, column) => { const r = storage.openReader(name); try { return r.symbols(column).size; } finally { r.close(); } },
    committedTxn: (name) => { const r = storage.openReader(name); try { return r.committedTxn ?? 0; } finally { r.close(); } },
    lastCommitMicros: (name) => { const r = storage.openReader(name); try { return r.lastCommitMicros?.(); } finally { r.close(); } },
  };
}

function hasCompiledFilter(p: PlanNode): boolean {
  if (p instanceof Filter && p.compiled) return true;
  return p.children.some(hasCompiledFilter);
}
