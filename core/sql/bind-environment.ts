/** What binding a query needs from the engine: functions, the catalogue, and per-query outputs. */
import { StorageEngine } from '../extension/storage-engine';
import { TableFunctionContext } from '../extension/sql-function';
import { FunctionRegistry } from './function-registry';
import { ExecContext } from './plan';
import { BoundExpr } from './bound-expression';
import { ParameterSlots } from './parameters/parameter-slots';

export interface BindEnvironment {
  readonly registry: FunctionRegistry;
  readonly storage: StorageEngine;
  /** `cairo.sql.jit.mode`: compile WHERE filters when 'on'. */
  readonly jit: boolean;
  /** `cairo.wal.enabled.default`: a partitioned CREATE TABLE without WAL / BYPASS WAL makes a WAL table when true. */
  readonly walEnabledDefault: boolean;
  /** Metadata access while binding (table functions describe their columns). */
  readonly describeContext: TableFunctionContext;
  /** The context table functions read at execution. */
  tableFunctionContext(context: ExecContext): TableFunctionContext;
  /** Seeds of long_sequence(n, s1, s2) found while binding (rnd_* reproducibility). */
  seeds?: readonly [bigint, bigint];
  /** IN (SELECT …) and scalar sub-queries, inner ones first; run before the outer query. */
  readonly subqueries: BoundExpr[];
  /** The statement's bind parameters (`$1`, `:name`). */
  readonly parameters?: ParameterSlots;
}
