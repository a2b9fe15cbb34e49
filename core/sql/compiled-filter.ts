/**
 * Compiles a WHERE predicate over numeric, timestamp, boolean and symbol columns into one specialised
 * JS loop (`new Function`) that fills a selection vector.
 * No query text enters the generated source: columns become `c<k>` array slots, literals become `a<k>`
 * bound arguments, operators come from this file's own table; a bind parameter is an argument filled
 * from each execution's values. Anything else returns undefined and the filter evaluates vectors
 * instead. `explain` reports the outcome as `jitCompiled`.
 */
import { ColumnBatch } from '../data/column-batch';
import { SymbolTable } from '../data/symbol-table';
import { BoundExpr } from './bound-expression';
import { FilterCompiler, MaskArg, ParameterArg, SymbolArg } from './filter-compiler';
import type { ParameterValues } from './parameters/parameter-values';
import { ExecContext } from './plan';
import { selectionLoop } from './selection-loop';
import { symbolMask } from './symbol-mask';
import { ValueSource, valueSource } from './compiled-values';

/** A loop argument: a number (`a<k>`), or a symbol predicate's mask over a dictionary (symbol-mask.ts). */
export type FilterArg = number | Uint8Array;

type Loop = (cols: readonly ArrayLike<number>[], args: readonly FilterArg[], sel: Int32Array, n: number) => number;

/** Compiled loops by source: queries of one shape share one function (and V8's optimized code for it). */
const LOOPS = new Map<string, Loop>();

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
    return CompiledFilter.compileRows(predicate, [])?.code;
  }

  /**
   * A predicate (none: every row) and number-valued expressions compiled over one column and argument list, for
   * the workers' aggregate kernels (compiled-values.ts); undefined when some part is not compilable. The code's
   * `body` is the predicate's (`true` without one), its arguments those of all of them.
   */
  static compileRows(predicate: BoundExpr | undefined, values: readonly BoundExpr[]): { code: CompiledFilter; values: ValueSource[] } | undefined {
    const c = new FilterCompiler();
    const body = predicate ? c.predicate(predicate) : 'true';
    if (!body) return undefined;
    const sources: ValueSource[] = [];
    for (const v of values) {
      const s = valueSource(c, v);
      if (!s) return undefined;
      sources.push(s);
    }
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
    return { code: new CompiledFilter(loop, body, c.columns, c.args, c.symbolArgs, c.parameterArgs, c.maskArgs), values: sources };
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
