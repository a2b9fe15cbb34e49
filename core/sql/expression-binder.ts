/**
 * Binds AST expressions to BoundExpr: resolves names through the scope, types literals (a
 * one-character quote is CHAR, otherwise STRING), picks overloads from the FunctionRegistry, inserts
 * implicit casts (folding them on constants, so `ts > '2025-03-01'` compares numbers), and reports
 * QuestDB's errors at the node's position.
 */
import { ColumnType, Types, TypeTag, geohashType, isNumeric, isTimestamp, textArrayType, typeName } from '../data/column-type';
import { recordFieldFunction } from './record-text';
import type { SetReturningCollector } from './set-returning';
import { castTargetType } from './postgres-type-names';
import { arrayConstructor, arrayLiteralShape } from './arrays/array-constructor';
import { accessType, arrayAccess, Subscript } from './arrays/array-access';
import { parseGeohashExact } from './vector/text-to-binary-values';
import { literalDecimalType } from '../data/decimal';
import { SvcError } from '../errors';
import { ScalarFunction } from '../extension/sql-function';
import type { Expression, Query } from './ast';
import { BoundExpr, BoundColumn } from './bound-expression';
import { ArgInfo, FunctionRegistry } from './function-registry';
import { commonType } from './implicit-cast';
import { intervalFunction } from './intervals/interval-function';
import { parseIntervalLiteral } from '../time/interval-literal';
import { PlanNode } from './plan';
import { Scope } from './scope';
import { foldConstant } from './constant-folding';
import { checkTimeArguments, intervalCallBounds } from './time-arguments';
import { parseIsoTimestamp, parseIsoTimestampExact, parseIsoTimestampNanos } from '../time/iso-timestamp';
import { ParameterSlots } from './parameters/parameter-slots';
import type { OuterReference } from './parameters/bound-parameter';
import { NO_BIND_VALUES } from './parameters/parameter-values';

/**
 * A text constant that spells a number, compared with a number, is that number (`oid = '16385'`, as
 * PostgreSQL types an unknown literal by the other operand; catalog queries of psql and JDBC rely on it).
 */
function numericOperand(other: BoundExpr, e: BoundExpr): BoundExpr {
  if (e.kind !== 'constant' || typeof e.value !== 'string' || !isNumeric(other.type)) return e;
  const text = e.value.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return e;
  const integer = /^[+-]?\d+$/.test(text) && Number.isSafeInteger(Number(text));
  return { kind: 'constant', type: integer ? Types.LONG : Types.DOUBLE, value: Number(text), position: e.position };
}

export const BOOLEAN_WORDS: Readonly<Record<string, boolean>> = {
  t: true, true: true, y: true, yes: true, on: true, 1: true, f: false, false: false, n: false, no: false, off: false, 0: false,
};

/**
 * A text constant compared with a BOOLEAN is PostgreSQL's boolean spelling (`indisprimary = 'f'`, as
 * PostgreSQL types an unknown literal by the other operand; SQLAlchemy's reflection relies on it).
 */
function booleanOperand(other: BoundExpr, e: BoundExpr): BoundExpr {
  if (e.kind !== 'constant' || typeof e.value !== 'string' || other.type.tag !== TypeTag.BOOLEAN) return e;
  const value = BOOLEAN_WORDS[e.value.trim().toLowerCase()];
  return value === undefined ? e : { kind: 'constant', type: Types.BOOLEAN, value, position: e.position };
}

interface Quantified {
  readonly all: boolean;
  readonly arg: Expression;
}

/** `ANY(x)`, `SOME(x)`, `ALL(x)` on the right of a comparison. */
export function quantifierOf(e: Expression): Quantified | undefined {
  if (e.kind !== 'call' || e.args.length !== 1 || e.over || !['any', 'some', 'all'].includes(e.name)) return undefined;
  return { all: e.name === 'all', arg: e.args[0] };
}

/** Receives aggregate calls found while binding a SELECT list; returns the reference that replaces them. */
export interface AggregateCollector {
  collect(name: string, args: readonly BoundExpr[], position: number, constants: readonly unknown[]): BoundColumn;
}

export interface BinderHooks {
  readonly aggregates?: AggregateCollector;
  /** Plans a sub-query (IN (SELECT …), scalar sub-query). */
  readonly subquery: (q: Query) => PlanNode;
  /** Told about each sub-query expression, so the executor can run it before the outer rows. */
  readonly onSubquery?: (e: BoundExpr) => void;
  /** Receives window function calls (`fn(…) OVER (…)`) of a SELECT list; absent where they are not allowed. */
  readonly windows?: { collect(call: Extract<Expression, { kind: 'call' }>, binder: ExpressionBinder): BoundColumn };
  /** The statement's bind parameters; without them `$1` is QuestDB's `bind variable service is not provided`. */
  readonly parameters?: ParameterSlots;
  /** Receives set-returning function calls (`unnest(a)`) of a SELECT list; absent where they are not allowed. */
  readonly setReturning?: SetReturningCollector;
}

/**
 * Zero-argument functions a bare name may call when no column has that name (`SELECT build`,
 * `SELECT current_user`: the web console's boot queries). Kept to the SQL keywords
 * and QuestDB's parameterless builtins; any other unknown name stays an invalid column.
 */
const NILADIC = new Set(['build', 'version', 'current_user', 'current_database', 'current_schema', 'now', 'systimestamp', 'sysdate', 'user', 'session_user']);

const BINARY_NAMES: Record<string, string> = { and: 'and', or: 'or' };

/**
 * `#u33d` is GEOHASH(4c), `#u33d/18` GEOHASH(18b) (the top 18 bits), `##0101` GEOHASH(4b): the literal's
 * type carries exactly the precision written.
 */
function geohashConstant(e: Extract<Expression, { kind: 'literal'; type: 'geohash' }>): BoundExpr {
  const type = geohashType(e.bits, !e.binary && !e.raw.includes('/'));
  const value = e.binary ? (e.bits > 53 ? BigInt(`0b${e.value}`) : parseInt(e.value, 2)) : parseGeohashExact(e.value, e.bits);
  if (value === undefined) throw SvcError.sql(e.position, `invalid constant: ${e.raw}`);
  return { kind: 'constant', type, value, position: e.position };
}

/**
 * A GEOHASH casts only to its own or a lower precision (QuestDB's words, though it refuses an increase): a
 * longer hash has no bits to invent. A NULL constant casts to any precision.
 */
function checkGeohashNarrowing(e: BoundExpr, to: ColumnType, position: number): void {
  const from = e.type.bits ?? 0, into = to.bits ?? 0;
  if (into <= from || (e.kind === 'constant' && e.value === null)) return;
  throw SvcError.sql(position, `CAST cannot decrease precision from GEOHASH(${from}b) to GEOHASH(${into}b)`);
}

function isTextual(t: ColumnType): boolean {
  return t.tag === TypeTag.STRING || t.tag === TypeTag.VARCHAR || t.tag === TypeTag.CHAR;
}

export class ExpressionBinder {
  constructor(private readonly registry: FunctionRegistry, private readonly scope: Scope, private readonly hooks: BinderHooks) {}

  bind(e: Expression): BoundExpr {
    switch (e.kind) {
      case 'column': {
        // SQL keywords that are functions without parentheses (`SELECT current_user`).
        if (!e.qualifier && !e.quoted && NILADIC.has(e.name.toLowerCase()) && !this.resolvable(e.name)) return this.apply(e.name.toLowerCase(), [], e.position);
        let c;
        try {
          c = this.scope.resolve(e.name, e.qualifier, e.position);
        } catch (err) {
          // Inside a sub-query, a column of the enclosing query (a correlated sub-query).
          const outer = err instanceof SvcError && err.message.startsWith('Invalid column') ? this.hooks.parameters?.outerReference(e.name, e.qualifier, e.position) : undefined;
          if (outer) return outer;
          throw err;
        }
        return { kind: 'column', index: c.index, type: c.type, name: c.name, position: e.position };
      }
      case 'literal': return this.literal(e);
      case 'parameter': {
        if (!this.hooks.parameters) throw SvcError.sql(0, NO_BIND_VALUES);
        return this.hooks.parameters.reference(e);
      }
      case 'star': throw SvcError.sql(e.position, "'*' is not expected here");
      case 'call': return this.call(e);
      case 'unary': {
        if (e.op === '+') return this.bind(e.operand);
        const operand = this.bind(e.operand);
        if (e.op === '-' && operand.kind === 'constant' && typeof operand.value === 'number') return { ...operand, value: -operand.value, position: e.position };
        if (e.op === '-' && operand.kind === 'constant' && typeof operand.value === 'bigint') return { ...operand, value: -operand.value, position: e.position };
        return this.apply(e.op === '-' ? 'neg' : e.op, [operand], e.position);
      }
      case 'binary': {
        const quantified = quantifierOf(e.right);
        if (quantified) return this.quantified(e.op, e.left, quantified, e.operatorPosition);
        const left = this.bind(e.left), right = this.bind(e.right);
        const name = BINARY_NAMES[e.op] ?? e.op;
        if (name === '||' && (left.type.elements || right.type.elements)) return this.arrayConcat(left, right, e.operatorPosition);
        if (['=', '!=', '<', '<=', '>', '>='].includes(name)) return this.compare(name, left, right, e.operatorPosition);
        if (name === 'and' || name === 'or') return this.apply(name, [this.toBoolean(left), this.toBoolean(right)], e.operatorPosition);
        return this.apply(name, [left, right], e.operatorPosition);
      }
      case 'cast': {
        const inner = this.bind(e.expr);
        const type = castTargetType(e.type.name);
        if (!type && this.registry.hasScalar(e.type.name)) return this.apply(e.type.name, [inner], e.position);
        if (!type) throw SvcError.sql(e.type.position, `unsupported cast type: ${e.type.name}`);
        return this.coerce(inner, type, e.position, true);
      }
      case 'case': return this.caseExpr(e);
      case 'in': return this.inList(e);
      case 'inQuery': {
        const plan = this.hooks.subquery(e.query);
        const node: BoundExpr = { kind: 'inQuery', expr: this.bind(e.expr), plan, negated: e.negated, type: Types.BOOLEAN, position: e.position };
        this.hooks.onSubquery?.(node);
        return node;
      }
      case 'between': {
        const x = this.bind(e.expr);
        const lo = this.timestampOperand(x, this.typedLike(this.bind(e.low), x), '>=');
        const hi = this.timestampOperand(x, this.typedLike(this.bind(e.high), x), '<=');
        const call = this.apply('between', [x, lo, hi], e.position);
        return e.negated ? this.apply('not', [call], e.position) : call;
      }
      case 'like': {
        const call = this.apply(e.caseInsensitive ? 'ilike' : 'like', [this.bind(e.expr), this.bind(e.pattern)], e.position);
        return e.negated ? this.apply('not', [call], e.position) : call;
      }
      case 'isNull': return this.apply(e.negated ? 'isnotnull' : 'isnull', [this.bind(e.expr)], e.position);
      case 'subquery': return this.scalarSubquery(e.query, e.position, false);
      case 'array': return this.arrayLiteral(e);
      case 'arrayAccess': return this.arrayAccess(e);
      case 'field': return this.fieldSelection(e);
      default: throw SvcError.sql(e.position, `${e.kind} expressions are not supported yet`);
    }
  }

  /** `(SELECT …)` as a value, or `ARRAY(SELECT …)`; correlated when it names the enclosing query's columns. */
  private scalarSubquery(query: Query, position: number, array: boolean): BoundExpr {
    const slots = this.hooks.parameters;
    slots?.enterSubquery(this.scope);
    let plan: PlanNode;
    let correlated: readonly OuterReference[] = [];
    try {
      plan = this.hooks.subquery(query);
    } finally {
      correlated = slots?.leaveSubquery() ?? [];
    }
    const type = array ? textArrayType(plan.columns[0]?.type ?? Types.STRING) : plan.columns[0]?.type ?? Types.NULL;
    if (correlated.length > 0) return { kind: 'scalarQuery', plan, type, position, correlated, array };
    const node: BoundExpr = { kind: 'scalarQuery', plan, type, position, array };
    this.hooks.onSubquery?.(node);
    return node;
  }

  /**
   * PostgreSQL's `x = ANY(…)` / `x <> ALL(…)`: over a sub-query it is `x [NOT] IN (SELECT …)`; over an
   * array text (catalog array columns, `ARRAY(SELECT …)`) it tests the elements.
   */
  private quantified(op: string, left: Expression, q: Quantified, position: number): BoundExpr {
    const negated = op === '!=' && q.all;
    if (!((op === '=' && !q.all) || negated)) throw SvcError.sql(position, `${op} ${q.all ? 'ALL' : 'ANY'}(…) is not supported`);
    if (q.arg.kind === 'subquery') return this.bind({ kind: 'inQuery', expr: left, query: q.arg.query, negated, position: left.position });
    const element = this.coerce(this.bind(left), Types.STRING, position, true);
    const call = this.apply('text_array_contains', [element, this.bind(q.arg)], position);
    return negated ? this.apply('not', [call], position) : call;
  }

  /**
   * `a[i]` on array text (`s[i]` over `string_to_array(…)`, PostgreSQL catalog arrays): the i-th element,
   * from 1, of the array's element type (`indoption[k] & 1` reads an int2).
   */
  private textArrayAccess(e: Extract<Expression, { kind: 'arrayAccess' }>, array: BoundExpr): BoundExpr {
    const index = e.subscripts[0];
    if (e.subscripts.length !== 1 || index.kind === 'slice') throw SvcError.sql(e.position, 'arrayAccess expressions are not supported yet');
    const element = this.apply('text_array_element', [array, this.bind(index)], e.position);
    const type = array.type.elements;
    return type && type.tag !== TypeTag.STRING ? this.coerce(element, type, e.position, true) : element;
  }

  /**
   * PostgreSQL's `||` on arrays: array || array joins them (a NULL array adds nothing), array || element
   * appends and element || array prepends (array_cat, array_append, array_prepend).
   */
  private arrayConcat(left: BoundExpr, right: BoundExpr, position: number): BoundExpr {
    const isArray = (e: BoundExpr): boolean => e.type.elements !== undefined || e.type.tag === TypeTag.NULL;
    if (isArray(left) && isArray(right)) return this.apply('array_cat', [left, right], position);
    return isArray(left) ? this.apply('array_append', [left, right], position) : this.apply('array_prepend', [left, right], position);
  }

  /** `(record).field`: one field of a record-typed value (ColumnType.fields), converted to the field's type. */
  private fieldSelection(e: Extract<Expression, { kind: 'field' }>): BoundExpr {
    const record = this.bind(e.expr);
    const fields = record.type.fields;
    if (!fields) throw SvcError.sql(e.position, `column notation .${e.field} applied to type ${typeName(record.type).toLowerCase()}, which is not a composite type`);
    const k = fields.findIndex((f) => f.name.toLowerCase() === e.field.toLowerCase());
    if (k < 0) throw SvcError.sql(e.position, `column "${e.field}" not found in data type record`);
    const text: BoundExpr = { kind: 'call', fn: recordFieldFunction(k), args: [record], type: Types.STRING, position: e.position };
    return this.coerce(text, fields[k].type, e.position, true);
  }

  /** `ARRAY[…]`: a DOUBLE array of the literal's shape; elements cast to DOUBLE (core/sql/arrays). */
  private arrayLiteral(e: Extract<Expression, { kind: 'array' }>): BoundExpr {
    const { shape, leaves } = arrayLiteralShape(e);
    const args = leaves.map((l) => {
      const bound = this.bind(l);
      if (!isNumeric(bound.type) && bound.type.tag !== TypeTag.NULL) throw SvcError.sql(l.position, `unsupported array element type: ${typeName(bound.type)}`);
      return this.coerce(bound, Types.DOUBLE, l.position, false);
    });
    const fn = arrayConstructor(shape);
    return { kind: 'call', fn, args, type: fn.returns as ColumnType, position: e.position };
  }

  /** `arr[i, lo:hi]`: indexes and slices, 1-based (core/sql/arrays/array-access.ts). */
  private arrayAccess(e: Extract<Expression, { kind: 'arrayAccess' }>): BoundExpr {
    const array = this.bind(e.array);
    if (array.type.tag === TypeTag.STRING || array.type.tag === TypeTag.VARCHAR) return this.textArrayAccess(e, array);
    if (array.type.tag !== TypeTag.ARRAY) throw SvcError.sql(e.array.position, 'array expected');
    const dims = array.type.dims ?? 1;
    if (e.subscripts.length > dims) throw SvcError.sql(e.subscripts[dims].position, `too many array subscripts [dims=${dims}]`);
    const subscripts: Subscript[] = [];
    const args: BoundExpr[] = [array];
    const index = (x: Expression): BoundExpr => {
      const bound = this.bind(x);
      if (![TypeTag.BYTE, TypeTag.SHORT, TypeTag.INT, TypeTag.LONG, TypeTag.NULL].includes(bound.type.tag)) throw SvcError.sql(x.position, 'integer array index expected');
      return this.coerce(bound, Types.INT, x.position, true);
    };
    for (const s of e.subscripts) {
      if (s.kind !== 'slice') { subscripts.push({ kind: 'index' }); args.push(index(s)); continue; }
      subscripts.push({ kind: 'slice', lo: s.lo !== undefined, hi: s.hi !== undefined });
      if (s.lo) args.push(index(s.lo));
      if (s.hi) args.push(index(s.hi));
    }
    const fn = arrayAccess(dims, subscripts);
    return { kind: 'call', fn, args, type: accessType(dims, subscripts), position: e.position };
  }

  private resolvable(name: string): boolean {
    try { this.scope.resolve(name, undefined, 0); return true; } catch { return false; }
  }

  private literal(e: Extract<Expression, { kind: 'literal' }>): BoundExpr {
    const p = e.position;
    switch (e.type) {
      case 'int': return { kind: 'constant', type: Types.INT, value: e.value, position: p };
      case 'long': return { kind: 'constant', type: Types.LONG, value: Number.isSafeInteger(Number(e.value)) ? Number(e.value) : e.value, position: p };
      case 'double': return { kind: 'constant', type: Types.DOUBLE, value: e.value, position: p };
      case 'float': return { kind: 'constant', type: Types.FLOAT, value: e.value, position: p };
      case 'char': return { kind: 'constant', type: Types.CHAR, value: e.value, position: p };
      case 'string': return { kind: 'constant', type: Types.STRING, value: e.value, position: p };
      case 'boolean': return { kind: 'constant', type: Types.BOOLEAN, value: e.value, position: p };
      case 'null': return { kind: 'constant', type: Types.NULL, value: null, position: p };
      case 'long256': return { kind: 'constant', type: Types.LONG256, value: `0x${e.value}`, position: p };
      case 'geohash': return geohashConstant(e);
      case 'decimal': {
        const type = literalDecimalType(e.value);
        if (!type) throw SvcError.sql(p, `invalid constant: ${e.raw}`);
        return { kind: 'constant', type, value: e.value, position: p };
      }
    }
  }

  private call(e: Extract<Expression, { kind: 'call' }>): BoundExpr {
    if (e.over) {
      if (!this.hooks.windows) throw SvcError.sql(e.position, 'window function is not allowed here');
      return this.hooks.windows.collect(e, this);
    }
    if (this.registry.isAggregate(e.name) && !this.registry.hasScalar(e.name)) {
      // QuestDB 9.4.4 names an aggregate where none may be (WHERE, also nested) an argument of its context.
      if (!this.hooks.aggregates) throw SvcError.sql(e.position, 'Aggregate function cannot be passed as an argument');
      const inner = new ExpressionBinder(this.registry, this.scope, { subquery: this.hooks.subquery, onSubquery: this.hooks.onSubquery, parameters: this.hooks.parameters });
      const args = e.star ? [] : e.args.map((a) => inner.bind(a));
      const name = e.distinct && e.name === 'count' ? 'count_distinct' : e.name;
      const constants = args.map((a) => (a.kind === 'constant' ? a.value : undefined));
      return this.hooks.aggregates.collect(name, args, e.position, constants);
    }
    if (e.name === 'array' && e.args.length === 1 && e.args[0].kind === 'subquery') return this.scalarSubquery(e.args[0].query, e.position, true);
    const table = this.registry.tableFunction(e.name);
    if (table && !this.registry.hasScalar(e.name)) {
      const describeRuntime = table.describeRuntime;
      if (!describeRuntime) throw SvcError.sql(e.position, `table function ${e.name}() can only be used in FROM`);
      if (!this.hooks.setReturning) throw SvcError.sql(e.position, `set-returning function ${e.name}() is not allowed here`);
      return this.hooks.setReturning.collect({ ...table, describeRuntime }, e.args.map((a) => this.bind(a)), e.args.map((a) => a.position), e.position);
    }
    if (!this.registry.hasScalar(e.name) && /^(extract|date_part|timestamp_.*|date_trunc|dateadd|datediff|to_timestamp|to_date|to_str|to_timezone|to_utc)$/.test(e.name)) {
      throw SvcError.sql(e.position, `${e.name}() is not supported yet`);
    }
    checkTimeArguments(e.name, e.args);
    return this.apply(e.name, e.args.map((a) => this.bind(a)), e.position);
  }

  /** Resolves an overload, casts the arguments to its parameters and folds constant calls. */
  apply(name: string, args: readonly BoundExpr[], position: number): BoundExpr {
    // A bind parameter is one value per execution: it converts like a constant.
    const info: ArgInfo[] = args.map((a) => ({ type: a.type, constant: a.kind === 'constant' || a.kind === 'parameter' }));
    const r = this.registry.resolveScalar(name, info, position);
    this.checkConstantArgs(r.fn, args, name);
    const cast = args.map((a, i) => this.coerce(a, r.params[i], a.kind === 'constant' ? a.position : position, false));
    const type = r.fn.returnsForConstants?.(cast.map((a) => (a.kind === 'constant' ? a.value : undefined)), cast.map((a) => a.position)) ?? r.returns;
    const call: BoundExpr = { kind: 'call', fn: r.fn, args: cast, type, position };
    return foldConstant(call);
  }

  private checkConstantArgs(fn: ScalarFunction, args: readonly BoundExpr[], name: string): void {
    for (const i of fn.constantArgs ?? []) {
      const a = args[i];
      if (a && a.kind !== 'constant' && a.kind !== 'parameter') throw SvcError.sql(a.kind === 'column' ? a.position : 0, `constant expected as argument ${i + 1} of ${name}()`);
    }
  }

  /** Casts `e` to `type`; constants convert now (errors at the constant). */
  coerce(e: BoundExpr, type: ColumnType, position: number, explicit: boolean): BoundExpr {
    if (this.hooks.parameters?.isUntyped(e)) return this.hooks.parameters.typed(e, type);
    if (e.type.tag === type.tag && e.type.bits === type.bits && (type.tag !== TypeTag.DECIMAL || (e.type.precision === type.precision && e.type.scale === type.scale))) return e;
    if (explicit && e.type.tag === TypeTag.GEOHASH && type.tag === TypeTag.GEOHASH) checkGeohashNarrowing(e, type, position);
    const checked = !explicit && isTextual(e.type) && isNumeric(type);
    const cast: BoundExpr = checked ? { kind: 'cast', expr: e, type, position, checked } : { kind: 'cast', expr: e, type, position };
    if (e.kind !== 'constant') return cast;
    if (!explicit && (type.tag === TypeTag.TIMESTAMP || type.tag === TypeTag.DATE || type.tag === TypeTag.TIMESTAMP_NS) && typeof e.value === 'string') {
      const us = parseIsoTimestamp(e.value);
      if (us === undefined) throw SvcError.sql(e.position, `Invalid date [str='${e.value}']`);
    }
    return foldConstant(cast);
  }

  toBoolean(e: BoundExpr): BoundExpr {
    if (e.type.tag === TypeTag.BOOLEAN) return e;
    if (this.hooks.parameters?.isUntyped(e)) return this.hooks.parameters.typed(e, Types.BOOLEAN);
    throw SvcError.sql(e.kind === 'call' || e.kind === 'column' || e.kind === 'constant' ? e.position : 0, 'boolean expression expected');
  }

  /** Comparisons; a string constant against a TIMESTAMP gets QuestDB's literal errors. */
  private compare(name: string, left: BoundExpr, right: BoundExpr, position: number): BoundExpr {
    const l = booleanOperand(right, numericOperand(right, this.timestampOperand(right, this.typedLike(left, right), name)));
    const r = booleanOperand(left, numericOperand(left, this.timestampOperand(left, this.typedLike(right, left), name)));
    return this.apply(name, [l, r], position);
  }

  private timestampOperand(other: BoundExpr, e: BoundExpr, op: string): BoundExpr {
    const tag = other.type.tag;
    if ((tag !== TypeTag.TIMESTAMP && tag !== TypeTag.DATE && tag !== TypeTag.TIMESTAMP_NS) || e.kind !== 'constant' || typeof e.value !== 'string') return e;
    const text = e.value;
    const us = parseIsoTimestampExact(text);
    if (us === undefined) {
      if (text.includes(';')) throw SvcError.sql(e.position, 'not a timestamp, use IN keyword with intervals');
      // QuestDB 9.4.4: the designated timestamp's interval filter has its own texts; another TIMESTAMP
      // column is compared through the string's implicit cast.
      if (!this.isDesignatedTimestamp(other)) throw SvcError.sql(e.position, `Invalid date [str=${text}]`);
      if (op === '=' || op === '!=') throw SvcError.sql(e.position, 'invalid timestamp');
      throw SvcError.sql(e.position, `Invalid date [str='${text}']`);
    }
    if (tag === TypeTag.TIMESTAMP_NS) return { kind: 'constant', type: Types.TIMESTAMP_NS, value: parseIsoTimestampNanos(text) ?? null, position: e.position };
    const date = tag === TypeTag.DATE;
    return { kind: 'constant', type: date ? Types.DATE : Types.TIMESTAMP, value: date ? Math.floor(Number(us) / 1000) : us, position: e.position };
  }

  private isDesignatedTimestamp(e: BoundExpr): boolean {
    return e.kind === 'column' && e.index === this.scope.timestampIndex;
  }

  /** An untyped parameter compared with `other` takes other's type (`x = $1`, `x IN ($1, $2)`). */
  private typedLike(e: BoundExpr, other: BoundExpr): BoundExpr {
    const slots = this.hooks.parameters;
    if (!slots || !slots.isUntyped(e) || slots.isUntyped(other)) return e;
    return slots.typed(e, other.type);
  }

  private inList(e: Extract<Expression, { kind: 'in' }>): BoundExpr {
    const x = this.bind(e.expr);
    const items = e.list.map((i) => this.typedLike(this.bind(i), x));
    if (isTimestamp(x.type) && items.length === 1 && items[0].kind === 'constant' && typeof items[0].value === 'string') {
      const text = items[0].value;
      const parsed = parseIntervalLiteral(text);
      if (!parsed.ok) throw SvcError.sql(items[0].position, `Invalid date [str='${text}']`);
      return { kind: 'call', fn: intervalFunction([...parsed.intervals], e.negated, x.type), args: [x], type: Types.BOOLEAN, position: e.position };
    }
    const bounds = isTimestamp(x.type) && items.length === 1 ? intervalCallBounds(items[0]) : undefined;
    if (bounds) return { kind: 'call', fn: intervalFunction(bounds, e.negated, x.type), args: [x], type: Types.BOOLEAN, position: e.position };
    const fixed = items.map((i) => this.timestampOperand(x, i, '='));
    const call = this.apply('in', [x, ...fixed], e.position);
    return e.negated ? this.apply('not', [call], e.position) : call;
  }

  private caseExpr(e: Extract<Expression, { kind: 'case' }>): BoundExpr {
    const operand = e.operand ? this.bind(e.operand) : undefined;
    const whens = e.whens.map((w) => {
      const cond = operand ? this.compare('=', operand, this.bind(w.when), w.position) : this.toBoolean(this.bind(w.when));
      return { when: cond, then: this.bind(w.then) };
    });
    const otherwise = e.else ? this.bind(e.else) : undefined;
    const type = commonType([...whens.map((w) => w.then.type), ...(otherwise ? [otherwise.type] : [])]);
    const resultType = type.tag === TypeTag.CHAR ? Types.STRING : type;
    return {
      kind: 'case', type: resultType, position: e.position,
      whens: whens.map((w) => ({ when: w.when, then: this.coerce(w.then, resultType, e.position, true) })),
      otherwise: otherwise ? this.coerce(otherwise, resultType, e.position, true) : undefined,
    };
  }
}
