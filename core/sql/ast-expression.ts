/**
 * Expression nodes of the SQL AST (see ast.ts for the conventions: `kind` + `position` everywhere).
 * Operator precedence is resolved by the parser; parentheses leave no node.
 */
import type { Identifier, OrderItem, Query, TypeRef } from './ast';

export type Expression =
  | ColumnRef
  | Star
  | Literal
  | Call
  | Unary
  | Binary
  | Cast
  | Case
  | InList
  | InQuery
  | Between
  | Like
  | IsNull
  | SubqueryExpr
  | Exists
  | ArrayLiteral
  | ArrayAccess
  | FieldSelection
  | Parameter;

/**
 * A bind parameter: `$n` (1-based `index`) or `:name` (`name`). Its value arrives at execution, never as
 * SQL text; its type comes from the client or from the context it is used in (core/sql/parameters).
 */
export interface Parameter {
  readonly kind: 'parameter';
  readonly index?: number;
  readonly name?: string;
  readonly position: number;
}

/** `name` or `qualifier.name`; position is the start of the qualifier when present. */
export interface ColumnRef {
  readonly kind: 'column';
  readonly name: string;
  readonly qualifier?: string;
  readonly quoted: boolean;
  readonly position: number;
}

/** `*` or `t.*` in a projection (and `count(*)` is a Call with `star`). */
export interface Star {
  readonly kind: 'star';
  readonly qualifier?: string;
  readonly position: number;
}

/** Literal types by QuestDB's SQL dialect `raw` is the exact source text. */
export type Literal =
  | IntLiteral
  | LongLiteral
  | DoubleLiteral
  | FloatLiteral
  | CharLiteral
  | StringLiteral
  | BooleanLiteral
  | NullLiteral
  | Long256Literal
  | GeohashLiteral
  | DecimalLiteral;

interface LiteralBase {
  readonly kind: 'literal';
  readonly raw: string;
  readonly position: number;
}

/** An integer literal that fits in 32 bits (`42`). */
export interface IntLiteral extends LiteralBase {
  readonly type: 'int';
  readonly value: number;
}

/** `42L`, or an integer too big for INT; exact digits as a bigint. */
export interface LongLiteral extends LiteralBase {
  readonly type: 'long';
  readonly value: bigint;
}

/** `1.5`, `1e3`, `.5`, and integer literals beyond the LONG range. */
export interface DoubleLiteral extends LiteralBase {
  readonly type: 'double';
  readonly value: number;
}

/** `1.5f`, `2F`, `1e3f`: a FLOAT; `value` is already rounded to 32 bits. */
export interface FloatLiteral extends LiteralBase {
  readonly type: 'float';
  readonly value: number;
}

/** A quoted literal of exactly one character (`'x'`), after unescaping. */
export interface CharLiteral extends LiteralBase {
  readonly type: 'char';
  readonly value: string;
}

/** Any other quoted literal (`'abc'`, `''`, `E'a\nb'`), after unescaping (`''` → `'`). */
export interface StringLiteral extends LiteralBase {
  readonly type: 'string';
  readonly value: string;
}

export interface BooleanLiteral extends LiteralBase {
  readonly type: 'boolean';
  readonly value: boolean;
}

export interface NullLiteral extends LiteralBase {
  readonly type: 'null';
}

/** `12.34m`: an exact DECIMAL; `value` is the number's text without the `m`. */
export interface DecimalLiteral extends LiteralBase {
  readonly type: 'decimal';
  readonly value: string;
}

/** `0x7ee6…`: `value` is the hex digits, lower-case, without `0x`. */
export interface Long256Literal extends LiteralBase {
  readonly type: 'long256';
  readonly value: string;
}

/**
 * `#u33d8` (chars: value `u33d8`, bits 25), `#u33d/18` (value `u33d`, bits 18),
 * `##0101` (binary: value `0101`, bits 4).
 */
export interface GeohashLiteral extends LiteralBase {
  readonly type: 'geohash';
  readonly value: string;
  readonly binary: boolean;
  readonly bits: number;
}

/**
 * A function call. `name` is lower-cased. `count(*)` has `star` and no args.
 * `extract(hour FROM ts)` is `extract` with args `[StringLiteral 'hour', ts]`.
 */
export interface Call {
  readonly kind: 'call';
  readonly name: string;
  /** The name as typed (case kept, `pg_catalog.version`): what the column is named after (P1). */
  readonly written: string;
  readonly args: readonly Expression[];
  readonly distinct: boolean;
  readonly star: boolean;
  /** `IGNORE NULLS` (true) / `RESPECT NULLS` (false) before OVER. */
  readonly ignoreNulls?: boolean;
  /** Present for window functions: `fn(...) OVER (...)` or `OVER w`. */
  readonly over?: WindowSpec;
  readonly position: number;
}

export interface WindowSpec {
  readonly kind: 'window';
  /** `OVER w` refers to a named window (`WINDOW w AS (...)`); the other fields are then empty. */
  readonly name?: Identifier;
  readonly partitionBy: readonly Expression[];
  readonly orderBy: readonly OrderItem[];
  readonly frame?: WindowFrame;
  readonly position: number;
}

export interface WindowFrame {
  readonly kind: 'frame';
  readonly mode: 'rows' | 'range' | 'groups';
  readonly start: FrameBound;
  /** Without BETWEEN, the end is CURRENT ROW (positioned at the start bound). */
  readonly end: FrameBound;
  readonly exclude?: 'currentRow' | 'noOthers';
  readonly position: number;
}

export interface FrameBound {
  readonly kind: 'frameBound';
  readonly bound: 'unboundedPreceding' | 'preceding' | 'currentRow' | 'following' | 'unboundedFollowing';
  /** `n PRECEDING`: the n (an INT literal, or a string literal as in `'5' MINUTE PRECEDING`). */
  readonly offset?: Expression;
  /** RANGE time unit, lower-cased as written: `minute`, `minutes`, `second`, `hour`, `day`, … */
  readonly unit?: string;
  readonly position: number;
}

export type UnaryOperator = '-' | '+' | '~' | 'not';

export interface Unary {
  readonly kind: 'unary';
  readonly op: UnaryOperator;
  readonly operand: Expression;
  readonly position: number;
}

/** `<>` is normalised to `!=`; `and`/`or` are lower-case; `~`/`!~` are regex match. */
export type BinaryOperator =
  | '*' | '/' | '%' | '+' | '-'
  | '<<' | '>>' | '<<=' | '>>='
  | '||' | '&' | '^' | '|'
  | '<' | '<=' | '>' | '>='
  | '=' | '!=' | '~' | '!~'
  | 'and' | 'or';

/** Position is the left operand's position; `operatorPosition` is the operator's. */
export interface Binary {
  readonly kind: 'binary';
  readonly op: BinaryOperator;
  readonly left: Expression;
  readonly right: Expression;
  readonly operatorPosition: number;
  readonly position: number;
}

/** `cast(x AS T)` (position of `cast`) or `x::T` (position of x). */
export interface Cast {
  readonly kind: 'cast';
  readonly expr: Expression;
  readonly type: TypeRef;
  readonly position: number;
}

export interface CaseWhen {
  readonly kind: 'when';
  readonly when: Expression;
  readonly then: Expression;
  readonly position: number;
}

/** `CASE [operand] WHEN … THEN … [ELSE …] END`. */
export interface Case {
  readonly kind: 'case';
  readonly operand?: Expression;
  readonly whens: readonly CaseWhen[];
  readonly else?: Expression;
  readonly position: number;
}

/** `x [NOT] IN (a, b)` and `ts IN '2025-03'` (one item: the binder decides interval vs equality). */
export interface InList {
  readonly kind: 'in';
  readonly expr: Expression;
  readonly list: readonly Expression[];
  readonly negated: boolean;
  readonly position: number;
}

export interface InQuery {
  readonly kind: 'inQuery';
  readonly expr: Expression;
  readonly query: Query;
  readonly negated: boolean;
  readonly position: number;
}

export interface Between {
  readonly kind: 'between';
  readonly expr: Expression;
  readonly low: Expression;
  readonly high: Expression;
  readonly negated: boolean;
  readonly position: number;
}

export interface Like {
  readonly kind: 'like';
  readonly expr: Expression;
  readonly pattern: Expression;
  /** ILIKE */
  readonly caseInsensitive: boolean;
  readonly negated: boolean;
  readonly position: number;
}

export interface IsNull {
  readonly kind: 'isNull';
  readonly expr: Expression;
  readonly negated: boolean;
  readonly position: number;
}

/** A scalar sub-query `(SELECT …)` used as a value. */
export interface SubqueryExpr {
  readonly kind: 'subquery';
  readonly query: Query;
  readonly position: number;
}

export interface Exists {
  readonly kind: 'exists';
  readonly query: Query;
  readonly position: number;
}

/** `ARRAY[1.0, 2.0]`, `ARRAY[[1.0, 2], [3, 4]]` (inner brackets are nested ArrayLiterals). */
export interface ArrayLiteral {
  readonly kind: 'array';
  readonly elements: readonly Expression[];
  readonly position: number;
}

/** `arr[1:2, 3]`: one subscript per dimension, 1-based; a Slice keeps the dimension. */
export interface ArrayAccess {
  readonly kind: 'arrayAccess';
  readonly array: Expression;
  readonly subscripts: readonly (Expression | Slice)[];
  readonly position: number;
}

/** `(expr).field`: one field of a record (a composite value, e.g. a set-returning function's row). */
export interface FieldSelection {
  readonly kind: 'field';
  readonly expr: Expression;
  readonly field: string;
  readonly position: number;
}

/** `lo:hi`, `lo:`, `:hi` inside an array subscript; `hi` is exclusive. */
export interface Slice {
  readonly kind: 'slice';
  readonly lo?: Expression;
  readonly hi?: Expression;
  readonly position: number;
}
