/**
 * The SQL abstract syntax tree produced by SqlGrammar.parse (QuestDB's dialect).
 * Every node is a discriminated union member with `kind` and `position`: the 0-based offset, in UTF-16
 * code units, of the first character of the token the node starts at, so errors can point into the
 * query text. The parser does not resolve names or types; the binder does (implicit GROUP BY,
 * positional ORDER BY/GROUP BY, interval strings in `ts IN '2025-03'`, ...).
 * Names of identifiers keep their spelling (unquoted ones are not lower-cased; names are
 * case-insensitive). Function names and keywords-as-values are lower-cased.
 */

import type { Call, Expression, WindowSpec } from './ast-expression';
import type {
  AlterTableStatement, CreateTableStatement, DropTableStatement, InsertStatement, RenameTableStatement,
  ShowStatement, TruncateStatement, UpdateStatement, ExplainStatement,
} from './ast-statement';

export type * from './ast-expression';
export type * from './ast-statement';

// ---------------------------------------------------------------------------------------- shared

export interface Node {
  readonly kind: string;
  readonly position: number;
}

/** A name written in the query: table, column, alias, CTE, parameter. */
export interface Identifier {
  readonly kind: 'identifier';
  /** Without quotes; `"my table.v2"` gives `my table.v2`. A dotted `a.b` table name keeps the dot. */
  readonly name: string;
  readonly quoted: boolean;
  readonly position: number;
}

/**
 * A type name as written in DDL/casts, normalised to lower case without spaces:
 * `int`, `timestamp`, `geohash(5c)`, `double[]`, `double[][]`, `decimal(18,6)`, `varchar`.
 * Feed `name` to core/data/column-type.ts `parseTypeName`.
 */
export interface TypeRef {
  readonly kind: 'type';
  readonly name: string;
  /** The type as typed (`INT`, `DOUBLE[]`): casts print it in column names (`x::INT`). */
  readonly written: string;
  readonly position: number;
}

/** A clause duration such as `1h`, `30m`, `500T`, `2w` (SAMPLE BY, TOLERANCE, TTL). */
export interface Duration {
  readonly kind: 'duration';
  readonly value: number;
  /** Case-sensitive unit letter(s) as written: `n U T s m h d w M y` (`M` months, `m` minutes). */
  readonly unit: string;
  readonly raw: string;
  readonly position: number;
}

// ------------------------------------------------------------------------------------- statements

export type Statement =
  | Query
  | InsertStatement
  | UpdateStatement
  | CreateTableStatement
  | DropTableStatement
  | TruncateStatement
  | RenameTableStatement
  | AlterTableStatement
  | ShowStatement
  | ExplainStatement;

/** A SELECT statement is a query at top level. */
export type SelectStatement = Query;

export type Query = Select | SetOperation;

export function isQuery(s: Statement | Expression | Source): s is Query {
  return s.kind === 'select' || s.kind === 'setOperation';
}

/** `WITH name AS (query)`. */
export interface CommonTableExpression {
  readonly kind: 'cte';
  readonly name: Identifier;
  readonly query: Query;
  readonly position: number;
}

export interface Select {
  readonly kind: 'select';
  /** Present on the outermost query of a WITH; also on a nested `(WITH … SELECT …)`. */
  readonly with?: readonly CommonTableExpression[];
  /** True for QuestDB's optional SELECT (`trades;`, `trades WHERE …`): projection is then `[*]`. */
  readonly implicit: boolean;
  readonly distinct: boolean;
  readonly projection: readonly SelectItem[];
  readonly from?: FromClause;
  readonly where?: Expression;
  readonly latestOn?: LatestOn;
  readonly sampleBy?: SampleBy;
  /** Explicit GROUP BY keys: names, expressions or 1-based positions (INT literals). */
  readonly groupBy?: readonly Expression[];
  readonly having?: Expression;
  readonly windows?: readonly NamedWindow[];
  readonly orderBy?: readonly OrderItem[];
  readonly limit?: Limit;
  readonly position: number;
}

/** `left UNION [ALL] right`; left-associative. ORDER BY / LIMIT after the last query apply to the whole. */
export interface SetOperation {
  readonly kind: 'setOperation';
  readonly op: 'union' | 'except' | 'intersect';
  readonly all: boolean;
  readonly left: Query;
  readonly right: Query;
  readonly with?: readonly CommonTableExpression[];
  readonly orderBy?: readonly OrderItem[];
  readonly limit?: Limit;
  /** Position of the UNION/EXCEPT/INTERSECT keyword. */
  readonly position: number;
}

export interface SelectItem {
  readonly kind: 'selectItem';
  /** `*` and `t.*` are `Star` expressions. */
  readonly expr: Expression;
  readonly alias?: Identifier;
  readonly position: number;
}

/** FROM a [JOIN b …] [, c …]: the first source then joins in written order (left-deep). */
export interface FromClause {
  readonly kind: 'from';
  readonly source: Source;
  readonly joins: readonly Join[];
  readonly position: number;
}

export type Source = TableSource | SubquerySource | FunctionSource;

interface SourceBase {
  readonly alias?: Identifier;
  /** `AS a(x, y)`: names for the source's first columns, in order (PostgreSQL's column alias list). */
  readonly columnAliases?: readonly Identifier[];
  /** `… timestamp(col)`: assigns the designated timestamp (data must already be sorted). */
  readonly timestamp?: Identifier;
}

export interface TableSource extends SourceBase {
  readonly kind: 'tableSource';
  readonly name: Identifier;
  readonly position: number;
}

export interface SubquerySource extends SourceBase {
  readonly kind: 'subquerySource';
  readonly query: Query;
  readonly position: number;
}

/** A table function in FROM: `long_sequence(10)`, `tables()`, `table_columns('t')`. */
export interface FunctionSource extends SourceBase {
  readonly kind: 'functionSource';
  readonly call: Call;
  readonly position: number;
}

export type JoinType = 'inner' | 'left' | 'cross' | 'asof' | 'lt' | 'splice' | 'comma';

export interface Join {
  readonly kind: 'join';
  /** `comma` is the implicit cross join of `FROM a, b` (WHERE usually links them). */
  readonly joinType: JoinType;
  readonly source: Source;
  /** `ON a.x = b.x [AND …]`. */
  readonly on?: Expression;
  /** `ON (col[, col])`: same-named key columns on both sides. */
  readonly using?: readonly Identifier[];
  /** ASOF/LT: `TOLERANCE 5s`. */
  readonly tolerance?: Duration;
  /** Position of the first join keyword (`ASOF`, `LEFT`, `JOIN`, or the comma). */
  readonly position: number;
}

export interface LatestOn {
  readonly kind: 'latestOn';
  /** Undefined for the legacy `LATEST BY col` form. */
  readonly timestamp?: Identifier;
  readonly partitionBy: readonly Expression[];
  readonly position: number;
}

export interface SampleBy {
  readonly kind: 'sampleBy';
  readonly interval: Duration;
  readonly from?: Expression;
  readonly to?: Expression;
  /** One entry per aggregate in select order (a single entry applies to all). */
  readonly fill?: readonly Fill[];
  /** Undefined means the default, calendar alignment. */
  readonly align?: Alignment;
  readonly position: number;
}

export interface Fill {
  readonly kind: 'fill';
  readonly mode: 'none' | 'null' | 'prev' | 'linear' | 'value';
  /** `mode === 'value'`: the constant expression. */
  readonly value?: Expression;
  /** `PREV(col)`: copy the previous value of another column. */
  readonly column?: Identifier;
  readonly position: number;
}

export type Alignment = CalendarAlignment | FirstObservationAlignment;

export interface CalendarAlignment {
  readonly kind: 'alignCalendar';
  readonly timeZone?: Expression;
  readonly offset?: Expression;
  readonly position: number;
}

export interface FirstObservationAlignment {
  readonly kind: 'alignFirstObservation';
  readonly position: number;
}

export interface OrderItem {
  readonly kind: 'orderItem';
  /** A name, alias, expression, or 1-based position (INT literal). */
  readonly expr: Expression;
  readonly descending: boolean;
  readonly nulls?: 'first' | 'last';
  readonly position: number;
}

/**
 * `LIMIT lo` or `LIMIT lo, hi` (negative counts from the end, `m, n` is rows
 * (m, n], swapped when m > n). `offset` is the `LIMIT n OFFSET m` spelling.
 */
export interface Limit {
  readonly kind: 'limit';
  readonly lo: Expression;
  readonly hi?: Expression;
  readonly offset?: Expression;
  readonly position: number;
}

export interface NamedWindow {
  readonly kind: 'namedWindow';
  readonly name: Identifier;
  readonly spec: WindowSpec;
  readonly position: number;
}
