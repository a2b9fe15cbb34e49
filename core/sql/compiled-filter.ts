/**
 * Compiles a WHERE predicate over numeric, timestamp, boolean and symbol columns into one specialised
 * JS loop (`new Function`) that fills a selection vector.
 * No query text enters the generated source: columns become `c<k>` array slots, literals become `a<k>`
 * bound arguments, operators come from this file's own table; a bind parameter is an argument filled
 * from each execution's values. Anything else returns undefined and the filter evaluates vectors
 * instead. `explain` reports the outcome as `jitCompiled`.
 */
import { ColumnBatch } from '../data/column-batch';
import { ColumnType, TypeTag } from '../data/column-type';
import { INT_NULL, LONG_NULL } from '../data/null-values';
import { SymbolTable } from '../data/symbol-table';
import { BoundExpr } from './bound-expression';
import type { ParameterValues } from './parameters/parameter-values';
import { ExecContext } from './plan';
import { selectionLoop } from './selection-loop';
import { MaskColumn, maskColumn, symbolMask } from './symbol-mask';

/** A loop argument: a number (`a<k>`), or a symbol predicate's mask over a dictionary (symbol-mask.ts). */
export type FilterArg = number | Uint8Array;

type Loop = (cols: readonly ArrayLike<number>[], args: readonly FilterArg[], sel: Int32Array, n: number) => number;

/** Compiled loops by source: queries of one shape share one function (and V8's optimized code for it). */
const LOOPS = new Map<string, Loop>();

interface Operand { readonly code: string; readonly isNull: string; readonly nullable: boolean }

/** A symbol constant (or parameter) whose key is looked up in the batch's dictionary: args[slot] = key. */
interface SymbolArg { readonly slot: number; readonly column: number; readonly value: string | null; readonly parameter?: number }

/** A predicate over one SYMBOL column: args[slot] = its mask for the batch's dictionary (symbol-mask.ts). */
interface MaskArg { readonly slot: number; readonly column: MaskColumn; readonly predicate: BoundExpr }

/** An IN list longer than this over a SYMBOL column tests a mask instead of a chain of comparisons. */
const IN_CHAIN = 4;

/** A numeric bind parameter: args[slot] = its value this execution (NaN for NULL). */
interface ParameterArg { readonly slot: number; readonly parameter: number; readonly type: ColumnType }

const NUMBER_TAGS = new Set([TypeTag.BYTE, TypeTag.SHORT, TypeTag.INT, TypeTag.LONG, TypeTag.FLOAT, TypeTag.DOUBLE,
  TypeTag.TIMESTAMP, TypeTag.DATE, TypeTag.BOOLEAN]);
const COMPARISONS = new Set(['=', '!=', '<', '<=', '>', '>=']);

class Compiler {
  readonly columns: number[] = [];
  readonly args: number[] = [];
  readonly symbolArgs: SymbolArg[] = [];
  readonly parameterArgs: ParameterArg[] = [];
  readonly maskArgs: MaskArg[] = [];

  column(index: number): string {
    let k = this.columns.indexOf(index);
    if (k < 0) { k = this.columns.length; this.columns.push(index); }
    return `c${k}[i]`;
  }

  arg(value: number): string {
    this.args.push(value);
    return `a${this.args.length - 1}`;
  }

  predicate(e: BoundExpr): string | undefined {
    return this.direct(e) ?? this.symbolMask(e);
  }

  /** `mask[key + 1] === 1` for a predicate over one SYMBOL column that no direct form covers (symbol-mask.ts). */
  symbolMask(e: BoundExpr): string | undefined {
    const column = maskColumn(e);
    if (!column) return undefined;
    const slot = this.args.length;
    this.args.push(0);
    this.maskArgs.push({ slot, column, predicate: e });
    return `(a${slot}[${this.column(column.index)} + 1] === 1)`;
  }

  direct(e: BoundExpr): string | undefined {
    if (e.kind === 'column' && e.type.tag === TypeTag.BOOLEAN) return `(${this.column(e.index)} !== 0)`;
    if (e.kind !== 'call') return undefined;
    const name = e.fn.name;
    if (name === 'and' || name === 'or') {
      const l = this.predicate(e.args[0]), r = this.predicate(e.args[1]);
      return l && r ? `(${l} ${name === 'and' ? '&&' : '||'} ${r})` : undefined;
    }
    if (name === 'not') { const p = this.predicate(e.args[0]); return p ? `(!${p})` : undefined; }
    if ((name === 'isnull' || name === 'isnotnull') && e.args[0].kind === 'column') {
      const o = this.operand(e.args[0]);
      return o ? (name === 'isnull' ? `(${o.isNull})` : `(!${o.isNull})`) : undefined;
    }
    if (name === 'in') return this.symbolIn(e.args);
    if (!COMPARISONS.has(name) || e.args.length !== 2) return undefined;
    if (e.args[0].type.tag === TypeTag.SYMBOL) return this.symbolCompare(name, e.args[0], e.args[1]);
    const a = this.operand(e.args[0]), b = this.operand(e.args[1]);
    if (!a || !b) return undefined;
    const op = name === '=' ? '===' : name === '!=' ? '!==' : name;
    if (name === '=' || name === '!=') {
      const eq = `((${a.isNull} && ${b.isNull}) || (!${a.isNull} && !${b.isNull} && ${a.code} === ${b.code}))`;
      const simple = !a.nullable && !b.nullable ? `(${a.code} === ${b.code})` : eq;
      return name === '=' ? simple : `(!${simple})`;
    }
    // NaN (DOUBLE/FLOAT null) already fails every ordering comparison, so only sentinel nulls need a guard.
    const needs = (o: Operand): boolean => o.nullable && !o.isNull.includes('!==');
    const guard = [needs(a) ? `!${a.isNull}` : '', needs(b) ? `!${b.isNull}` : ''].filter(Boolean);
    return `(${[...guard, `${a.code} ${op} ${b.code}`].join(' && ')})`;
  }

  /** A number-valued operand: a column (possibly under a widening cast) or a numeric constant. */
  operand(e: BoundExpr): Operand | undefined {
    if (e.kind === 'cast' && e.expr.kind === 'column' && widening(e.expr.type, e.type)) return this.operand(e.expr);
    if (e.kind === 'column' && NUMBER_TAGS.has(e.type.tag)) {
      const code = this.column(e.index);
      const nul = nullTest(code, e.type);
      return { code, isNull: nul ?? 'false', nullable: nul !== undefined };
    }
    if (e.kind === 'parameter' && NUMBER_TAGS.has(e.type.tag)) {
      const slot = this.args.length;
      this.args.push(NaN);
      this.parameterArgs.push({ slot, parameter: e.slot, type: e.type });
      return { code: `a${slot}`, isNull: `(a${slot} !== a${slot})`, nullable: true };
    }
    if (e.kind === 'constant' && NUMBER_TAGS.has(e.type.tag)) {
      const v = e.value;
      if (v === null) return { code: 'NaN', isNull: 'true', nullable: true };
      // Doubles are exact to 2^53 only: a larger 64-bit constant is compared by the exact kernels.
      if (typeof v === 'bigint') return undefined;
      const x = typeof v === 'boolean' ? (v ? 1 : 0) : Number(v);
      return { code: this.arg(x), isNull: 'false', nullable: false };
    }
    return undefined;
  }

  symbolCompare(name: string, left: BoundExpr, right: BoundExpr): string | undefined {
    if (name !== '=' && name !== '!=') return undefined;
    if (left.kind !== 'column' || (right.kind !== 'constant' && right.kind !== 'parameter')) return undefined;
    const code = this.column(left.index);
    const key = right.kind === 'parameter' ? this.symbolArg(left.index, null, right.slot)
      : this.symbolArg(left.index, right.value === null ? null : String(right.value));
    return name === '=' ? `(${code} === ${key})` : `(${code} !== ${key})`;
  }

  symbolIn(args: readonly BoundExpr[]): string | undefined {
    const x = args[0];
    if (x.kind !== 'column' || x.type.tag !== TypeTag.SYMBOL) return undefined;
    if (!args.slice(1).every((a) => a.kind === 'constant') || args.length - 1 > IN_CHAIN) return undefined;
    const code = this.column(x.index);
    const tests = args.slice(1).map((a) => `${code} === ${this.symbolArg(x.index, a.kind === 'constant' && a.value !== null ? String(a.value) : null)}`);
    return `(${tests.join(' || ')})`;
  }

  symbolArg(column: number, value: string | null, parameter?: number): string {
    const slot = this.args.length;
    this.args.push(-1);
    this.symbolArgs.push({ slot, column, value, parameter });
    return `a${slot}`;
  }
}

function widening(from: ColumnType, to: ColumnType): boolean {
  const order = [TypeTag.BYTE, TypeTag.SHORT, TypeTag.INT, TypeTag.LONG, TypeTag.FLOAT, TypeTag.DOUBLE];
  const f = order.indexOf(from.tag), t = order.indexOf(to.tag);
  return f >= 0 && t >= 0 && t >= f;
}

function nullTest(code: string, t: ColumnType): string | undefined {
  switch (t.tag) {
    case TypeTag.FLOAT: case TypeTag.DOUBLE: return `(${code} !== ${code})`;
    case TypeTag.INT: return `(${code} === ${INT_NULL})`;
    case TypeTag.LONG: case TypeTag.TIMESTAMP: case TypeTag.DATE: return `(${code} === ${LONG_NULL})`;
    default: return undefined;
  }
}

export class CompiledFilter {
  private constructor(
    private readonly loop: Loop,
    /** The predicate as generated source over `c<k>[i]` (column `columns[k]` of a batch) and `a<k>` (arguments). */
    readonly body: string,
    /** Batch column indexes the predicate reads, in `c<k>` order. */
    readonly columns: readonly number[],
    private readonly args: readonly number[],
    private readonly symbolArgs: readonly SymbolArg[],
    private readonly parameterArgs: readonly ParameterArg[],
    private readonly maskArgs: readonly MaskArg[],
  ) {}

  /** The compiled form of `predicate`, or undefined when some part is not compilable. */
  static compile(predicate: BoundExpr): CompiledFilter | undefined {
    const c = new Compiler();
    const body = c.predicate(predicate);
    if (!body) return undefined;
    // Columns and arguments are read into locals once per batch.
    const loads = [...c.columns.map((_col, k) => `const c${k} = cols[${k}];`), ...c.args.map((_a, k) => `const a${k} = a[${k}];`)].join(' ');
    const src = `${loads} let k = 0; ${selectionLoop(body, '0', 'n', 'sel')} return k;`;
    let loop = LOOPS.get(src);
    if (!loop) {
      loop = new Function('cols', 'a', 'sel', 'n', src) as Loop;
      // Sources hold no query text, so their number is bounded by the shapes seen; the bound is a guard.
      if (LOOPS.size >= 1024) LOOPS.clear();
      LOOPS.set(src, loop);
    }
    return new CompiledFilter(loop, body, c.columns, c.args, c.symbolArgs, c.parameterArgs, c.maskArgs);
  }

  /** Number of `a<k>` arguments the body reads. */
  get argCount(): number {
    return this.args.length;
  }

  /**
   * The arguments for batches whose SYMBOL columns use the dictionaries of `vectors` (a batch's vectors), with
   * the execution's parameter values: symbol constants and symbol parameters become those dictionaries' keys,
   * symbol predicates their masks over those dictionaries.
   */
  argsFor(vectors: ColumnBatch['vectors'], context?: ExecContext): FilterArg[] {
    const args: FilterArg[] = this.numericArgs(context?.parameters);
    const symbolValues = this.symbolValues(context?.parameters);
    this.symbolArgs.forEach((s, k) => { args[s.slot] = symbolKey(vectors[s.column].symbols, symbolValues[k]); });
    for (const m of this.maskArgs) args[m.slot] = maskOf(m, vectors[m.column.index].symbols, context);
    return args;
  }

  /** The constant arguments with the numeric parameters' values of this execution (NaN for NULL). */
  private numericArgs(parameters: ParameterValues | undefined): number[] {
    const args = [...this.args];
    for (const p of this.parameterArgs) {
      const v = parameters?.value(p.parameter) ?? null;
      args[p.slot] = v === null ? NaN : typeof v === 'boolean' ? (v ? 1 : 0) : Number(v);
    }
    return args;
  }

  /** Each symbol argument's text this execution: its constant, or its parameter's value. */
  private symbolValues(parameters: ParameterValues | undefined): (string | null)[] {
    return this.symbolArgs.map((s) => {
      if (s.parameter === undefined) return s.value;
      const v = parameters?.value(s.parameter) ?? null;
      return v === null ? null : String(v);
    });
  }

  /**
   * A per-execution runner (with that execution's parameter values): fills `sel` with matching row indexes of
   * `batch`, returns their count. A filter with symbol predicates needs the execution's context to fill masks.
   */
  prepare(context?: ExecContext): (batch: ColumnBatch, sel: Int32Array) => number {
    const args: FilterArg[] = this.numericArgs(context?.parameters);
    const symbolValues = this.symbolValues(context?.parameters);
    const tables = new Map<number, SymbolTable | undefined>();
    return (batch, sel) => {
      this.symbolArgs.forEach((s, k) => {
        const table = batch.vectors[s.column].symbols;
        if (tables.get(s.slot) !== table || !tables.has(s.slot)) {
          tables.set(s.slot, table);
          args[s.slot] = symbolKey(table, symbolValues[k]);
        }
      });
      for (const m of this.maskArgs) {
        const table = batch.vectors[m.column.index].symbols;
        const have = args[m.slot];
        if (tables.get(m.slot) !== table || !tables.has(m.slot) || typeof have === 'number' || have.length !== (table?.size ?? 0) + 1) {
          tables.set(m.slot, table);
          args[m.slot] = maskOf(m, table, context);
        }
      }
      const cols = this.columns.map((i) => batch.vectors[i].data);
      return this.loop(cols, args, sel, batch.rowCount);
    };
  }

  /** True when the compiled loop reads a column that carries exact 64-bit values in `batch` (doubles would round). */
  needsExact(batch: ColumnBatch): boolean {
    return this.columns.some((i) => batch.vectors[i].exact !== undefined);
  }
}

function maskOf(m: MaskArg, table: SymbolTable | undefined, context: ExecContext | undefined): Uint8Array {
  if (!context) throw new Error('a symbol predicate\'s mask needs the execution context');
  return symbolMask(m.predicate, m.column, table, context);
}

/** A value missing from the dictionary gets -2, which no row key (>= -1) equals; null is key -1. */
function symbolKey(table: SymbolTable | undefined, value: string | null): number {
  if (value === null) return -1;
  const key = table?.keyOf(value) ?? -2;
  return key < 0 ? -2 : key;
}
