/**
 * DML and DDL statement nodes of the SQL AST; see ast.ts for the
 * conventions. Names are Identifiers so errors can point at them.
 */
import type { CommonTableExpression, Duration, FromClause, Identifier, Query, Statement, TypeRef } from './ast';
import type { Expression } from './ast-expression';

/** `INSERT [ATOMIC | BATCH n [o3MaxLag '1s']] INTO t [(cols)] VALUES (…), (…) | SELECT …`. */
export interface InsertStatement {
  readonly kind: 'insert';
  readonly with?: readonly CommonTableExpression[];
  readonly table: Identifier;
  readonly columns?: readonly Identifier[];
  readonly source: ValuesSource | Query;
  readonly atomic: boolean;
  readonly batch?: InsertBatch;
  readonly position: number;
}

export interface ValuesSource {
  readonly kind: 'values';
  readonly rows: readonly ValuesRow[];
  readonly position: number;
}

export interface ValuesRow {
  readonly kind: 'valuesRow';
  readonly values: readonly Expression[];
  readonly position: number;
  /** Position of the closing `)`: where a wrong value count is reported. */
  readonly end: number;
}

export interface InsertBatch {
  readonly kind: 'insertBatch';
  readonly size: Expression;
  readonly o3MaxLag?: Expression;
  readonly position: number;
}

export interface Assignment {
  readonly kind: 'assignment';
  readonly column: Identifier;
  readonly value: Expression;
  readonly position: number;
}

/** `UPDATE t [alias] SET c = expr [, …] [FROM other [JOIN …]] [WHERE …]`. */
export interface UpdateStatement {
  readonly kind: 'update';
  readonly table: Identifier;
  readonly alias?: Identifier;
  readonly assignments: readonly Assignment[];
  readonly from?: FromClause;
  readonly where?: Expression;
  readonly position: number;
}

/** One column of CREATE TABLE / ALTER TABLE ADD COLUMN. Symbol options only apply to SYMBOL. */
export interface ColumnDefinition {
  readonly kind: 'columnDefinition';
  readonly name: Identifier;
  readonly type: TypeRef;
  readonly symbolCapacity?: Expression;
  /** `CACHE` true, `NOCACHE` false, undefined when not written. */
  readonly symbolCache?: boolean;
  readonly indexed: boolean;
  readonly indexCapacity?: Expression;
  readonly position: number;
}

/** `name = value` in `WITH maxUncommittedRows=…, o3MaxLag=…` and `ALTER TABLE … SET PARAM`. */
export interface TableParam {
  readonly kind: 'tableParam';
  readonly name: Identifier;
  /** A Duration for unquoted `o3MaxLag=1s`; otherwise a literal expression. */
  readonly value: Expression | Duration;
  readonly position: number;
}

/** `, INDEX(col [CAPACITY n])` after the column list or AS SELECT. */
export interface IndexDefinition {
  readonly kind: 'indexDefinition';
  readonly column: Identifier;
  readonly capacity?: Expression;
  readonly position: number;
}

/** `, CAST(col AS type)` after `CREATE TABLE … AS (SELECT …)`. */
export interface ColumnCast {
  readonly kind: 'columnCast';
  readonly column: Identifier;
  readonly type: TypeRef;
  readonly position: number;
}

export type PartitionUnit = 'NONE' | 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

export interface CreateTableStatement {
  readonly kind: 'createTable';
  readonly table: Identifier;
  readonly ifNotExists: boolean;
  /** Exactly one of columns / asSelect / like is present. */
  readonly columns?: readonly ColumnDefinition[];
  readonly asSelect?: Query;
  /** `CREATE TABLE t2 (LIKE t)`. */
  readonly like?: Identifier;
  readonly casts: readonly ColumnCast[];
  readonly indexes: readonly IndexDefinition[];
  readonly timestamp?: Identifier;
  readonly partitionBy?: PartitionUnit;
  readonly partitionByPosition?: number;
  readonly ttl?: Duration;
  /** `WAL` true, `BYPASS WAL` false, undefined = server default (cairo.wal.enabled.default). */
  readonly wal?: boolean;
  /** Where `WAL` / `BYPASS WAL` was written. */
  readonly walPosition?: number;
  readonly dedupKeys?: readonly Identifier[];
  readonly params: readonly TableParam[];
  readonly position: number;
}

export interface DropTableStatement {
  readonly kind: 'dropTable';
  readonly table: Identifier;
  readonly ifExists: boolean;
  readonly position: number;
}

export interface TruncateStatement {
  readonly kind: 'truncateTable';
  readonly tables: readonly Identifier[];
  readonly ifExists: boolean;
  readonly position: number;
}

export interface RenameTableStatement {
  readonly kind: 'renameTable';
  readonly from: Identifier;
  readonly to: Identifier;
  readonly position: number;
}

export interface AlterTableStatement {
  readonly kind: 'alterTable';
  readonly table: Identifier;
  readonly action: AlterAction;
  readonly position: number;
}

export type AlterAction =
  | { readonly kind: 'addColumn'; readonly columns: readonly ColumnDefinition[]; readonly ifNotExists: boolean; readonly position: number }
  | { readonly kind: 'dropColumn'; readonly columns: readonly Identifier[]; readonly position: number }
  | { readonly kind: 'renameColumn'; readonly from: Identifier; readonly to: Identifier; readonly position: number }
  | { readonly kind: 'alterColumnType'; readonly column: Identifier; readonly type: TypeRef; readonly position: number }
  | { readonly kind: 'addIndex'; readonly column: Identifier; readonly capacity?: Expression; readonly position: number }
  | { readonly kind: 'dropIndex'; readonly column: Identifier; readonly position: number }
  | { readonly kind: 'symbolCache'; readonly column: Identifier; readonly cache: boolean; readonly position: number }
  | { readonly kind: 'setParam'; readonly params: readonly TableParam[]; readonly position: number }
  | { readonly kind: 'setType'; readonly wal: boolean; readonly position: number }
  | { readonly kind: 'dedupEnable'; readonly keys: readonly Identifier[]; readonly position: number }
  | { readonly kind: 'dedupDisable'; readonly position: number }
  /** `DROP PARTITION LIST '2025-03-01'[, …]` or `DROP PARTITION WHERE ts < …` (`targetPosition`: PARTITION). */
  | { readonly kind: 'dropPartition'; readonly targetPosition?: number; readonly list?: readonly Expression[]; readonly where?: Expression; readonly position: number }
  /** `CONVERT PARTITION TO PARQUET|NATIVE LIST …` or `… WHERE …` (`targetPosition`: PARQUET or NATIVE). */
  | {
    readonly kind: 'convertPartition'; readonly to: 'parquet' | 'native'; readonly targetPosition: number;
    readonly list?: readonly Expression[]; readonly where?: Expression; readonly position: number;
  };

export interface ShowStatement {
  readonly kind: 'show';
  readonly what: 'tables' | 'columns' | 'partitions' | 'createTable' | 'parameters';
  /** For columns / partitions / createTable. */
  readonly table?: Identifier;
  readonly position: number;
}

/** `EXPLAIN <statement>`: the engine decides whether to support it. */
export interface ExplainStatement {
  readonly kind: 'explain';
  readonly statement: Statement;
  readonly position: number;
}
