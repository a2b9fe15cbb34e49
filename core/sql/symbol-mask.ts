/**
 * A predicate over one SYMBOL column is a set of its dictionary's keys: `host LIKE 'web%'`, `region IN (20
 * values)`, `os !~ '^Ubuntu'`, `NOT (dc = 'a' OR dc = 'b')`. Compiled WHERE loops (compiled-filter.ts, and so
 * the workers' kernels) test such a predicate by reading one byte per row, `mask[key + 1]`, from a mask the
 * predicate's own kernels fill once per dictionary by evaluating it over every dictionary entry (and the null
 * key -1 at index 0). A row then costs one load whatever the predicate, instead of a chain of comparisons
 * (a 20-value IN) or a string match per row.
 *
 * Only predicates built from the functions below qualify: each is deterministic and cannot fail on a value
 * no row holds (a cast to a number could), so evaluating it over the whole dictionary answers exactly what
 * evaluating it per row would.
 */
import { ColumnBatch } from '../data/column-batch';
import { ColumnType, TypeTag } from '../data/column-type';
import { SymbolTable } from '../data/symbol-table';
import { BoundExpr } from './bound-expression';
import { evaluate } from './evaluate';
import { ExecContext } from './plan';
import { sharedBuffer } from '../data/shared-buffers';

const MASKABLE = new Set(['like', 'ilike', '~', '!~', 'in', '=', '!=', '<>', '<', '<=', '>', '>=', 'and', 'or', 'not',
  'isnull', 'isnotnull', 'starts_with', 'lower', 'upper', 'length', 'concat', '||']);
const TEXT_TAGS = new Set([TypeTag.STRING, TypeTag.VARCHAR, TypeTag.SYMBOL]);

export interface MaskColumn { readonly index: number; readonly type: ColumnType }

/** The one SYMBOL column `e` reads when `e` is a BOOLEAN predicate that qualifies for a mask; else undefined. */
export function maskColumn(e: BoundExpr): MaskColumn | undefined {
  if (e.type.tag !== TypeTag.BOOLEAN || e.kind !== 'call') return undefined;
  let found: MaskColumn | undefined;
  const walk = (x: BoundExpr): boolean => {
    switch (x.kind) {
      case 'constant': case 'parameter': return true;
      case 'column':
        if (x.type.tag !== TypeTag.SYMBOL || (found && found.index !== x.index)) return false;
        found = { index: x.index, type: x.type };
        return true;
      case 'cast': return TEXT_TAGS.has(x.type.tag) && walk(x.expr);
      case 'call': return x.fn.volatile !== true && MASKABLE.has(x.fn.name) && x.args.every(walk);
      default: return false;
    }
  };
  return walk(e) ? found : undefined;
}

/**
 * The mask of `predicate` (which reads SYMBOL column `column` only) for dictionary `table`: byte k + 1 is 1
 * when the predicate holds for key k, byte 0 for the null key. On shared memory, so a kernel task passes it to
 * the workers without a copy.
 */
export function symbolMask(predicate: BoundExpr, column: MaskColumn, table: SymbolTable | undefined, context: ExecContext): Uint8Array {
  const size = table?.size ?? 0;
  const keys = new Int32Array(size + 1);
  for (let k = 0; k <= size; k++) keys[k] = k - 1;
  const vectors = [];
  vectors[column.index] = { type: column.type, data: keys, symbols: table };
  const batch: ColumnBatch = { rowCount: size + 1, vectors };
  const holds = evaluate(predicate, batch, context).data;
  const mask = new Uint8Array(sharedBuffer(size + 1));
  for (let k = 0; k <= size; k++) mask[k] = holds[k] === 1 ? 1 : 0;
  return mask;
}
