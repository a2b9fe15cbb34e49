/**
 * The predicate compiler behind CompiledFilter: a bound predicate to JS source over `c<k>[i]` (the k-th column
 * it reads) and `a<k>` (its k-th argument), from this file's fixed snippets only. Symbol constants become
 * dictionary keys and symbol predicates masks (symbol-mask.ts), filled per dictionary by CompiledFilter.
 */
import { ColumnType, TypeTag } from '../data/column-type';
import { DOUBLE_TOLERANCE, INT_NULL, LONG_NULL } from '../data/null-values';
import { BoundExpr } from './bound-expression';
import { MaskColumn, maskColumn } from './symbol-mask';

/** `nanNull`: the value itself is NaN (or ±Infinity) when NULL, so it compares as a double unchanged. */
export interface Operand { readonly code: string; readonly isNull: string; readonly nullable: boolean; readonly nanNull: boolean }

/** A symbol constant (or parameter) whose key is looked up in the batch's dictionary: args[slot] = key. */
export interface SymbolArg { readonly slot: number; readonly column: number; readonly value: string | null; readonly parameter?: number }

/** A predicate over one SYMBOL column: args[slot] = its mask for the batch's dictionary (symbol-mask.ts). */
export interface MaskArg { readonly slot: number; readonly column: MaskColumn; readonly predicate: BoundExpr }

/** An IN list longer than this over a SYMBOL column tests a mask instead of a chain of comparisons. */
const IN_CHAIN = 4;

/** A numeric bind parameter: args[slot] = its value this execution (NaN for NULL). */
export interface ParameterArg { readonly slot: number; readonly parameter: number; readonly type: ColumnType }

const NUMBER_TAGS = new Set([TypeTag.BYTE, TypeTag.SHORT, TypeTag.INT, TypeTag.LONG, TypeTag.FLOAT, TypeTag.DOUBLE,
  TypeTag.TIMESTAMP, TypeTag.DATE, TypeTag.BOOLEAN]);
const COMPARISONS = new Set(['=', '!=', '<', '<=', '>', '>=']);

export class FilterCompiler {
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
    if (isFloat(e.args[0].type) || isFloat(e.args[1].type)) return doubleComparison(name, a, b);
    // QuestDB's Numbers.lessThan: two NULLs are =, <= and >= each other; any other comparison with a NULL is false.
    const eq = !a.nullable && !b.nullable ? `(${a.code} === ${b.code})`
      : `((${a.isNull} && ${b.isNull}) || (!${a.isNull} && !${b.isNull} && ${a.code} === ${b.code}))`;
    if (name === '=') return eq;
    if (name === '!=') return `(!${eq})`;
    const guard = [a.nullable ? `!${a.isNull}` : '', b.nullable ? `!${b.isNull}` : ''].filter(Boolean);
    const ordered = `(${[...guard, `${a.code} ${name} ${b.code}`].join(' && ')})`;
    return name === '<' || name === '>' ? ordered : `(${eq} || ${ordered})`;
  }

  /** A number-valued operand: a column (possibly under a widening cast) or a numeric constant. */
  operand(e: BoundExpr): Operand | undefined {
    if (e.kind === 'cast' && e.expr.kind === 'column' && widening(e.expr.type, e.type)) return this.operand(e.expr);
    if (e.kind === 'column' && NUMBER_TAGS.has(e.type.tag)) {
      const code = this.column(e.index);
      const nul = nullTest(code, e.type);
      return { code, isNull: nul ?? 'false', nullable: nul !== undefined, nanNull: isFloat(e.type) };
    }
    if (e.kind === 'parameter' && NUMBER_TAGS.has(e.type.tag)) {
      const slot = this.args.length;
      this.args.push(NaN);
      this.parameterArgs.push({ slot, parameter: e.slot, type: e.type });
      return { code: `a${slot}`, isNull: `(a${slot} - a${slot} !== 0)`, nullable: true, nanNull: true };
    }
    if (e.kind === 'constant' && NUMBER_TAGS.has(e.type.tag)) {
      const v = e.value;
      if (v === null) return { code: 'NaN', isNull: 'true', nullable: true, nanNull: true };
      // Doubles are exact to 2^53 only: a larger 64-bit constant is compared by the exact kernels.
      if (typeof v === 'bigint') return undefined;
      const x = typeof v === 'boolean' ? (v ? 1 : 0) : Number(v);
      return { code: this.arg(x), isNull: 'false', nullable: false, nanNull: false };
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

function isFloat(t: ColumnType): boolean {
  return t.tag === TypeTag.FLOAT || t.tag === TypeTag.DOUBLE;
}

/**
 * A comparison in doubles, QuestDB's `Numbers.equals`: equal within the tolerance or both NULL (NaN and
 * ±Infinity are NULL); `<` and `>` are false when equal, and otherwise compare the raw values (-Infinity < 1).
 * An integer operand's NULL is NaN here.
 */
function doubleComparison(name: string, a: Operand, b: Operand): string {
  const value = (o: Operand): string => (o.nullable && !o.nanNull ? `(${o.isNull} ? NaN : ${o.code})` : o.code);
  const x = value(a), y = value(b);
  const eq = `((${x} - ${x} !== 0 && ${y} - ${y} !== 0) || Math.abs(${x} - ${y}) <= ${DOUBLE_TOLERANCE})`;
  switch (name) {
    case '=': return eq;
    case '!=': return `(!${eq})`;
    case '<': case '>': return `(!${eq} && ${x} ${name} ${y})`;
    default: return `(${eq} || ${x} ${name[0]} ${y})`;
  }
}

function nullTest(code: string, t: ColumnType): string | undefined {
  switch (t.tag) {
    // QuestDB's Numbers.isNull: NaN and ±Infinity are a DOUBLE's NULL.
    case TypeTag.FLOAT: case TypeTag.DOUBLE: return `(${code} - ${code} !== 0)`;
    case TypeTag.INT: return `(${code} === ${INT_NULL})`;
    case TypeTag.LONG: case TypeTag.TIMESTAMP: case TypeTag.DATE: return `(${code} === ${LONG_NULL})`;
    default: return undefined;
  }
}
