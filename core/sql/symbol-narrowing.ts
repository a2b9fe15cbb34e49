/**
 * The symbol values a WHERE requires: a conjunct `sym = 'x'` or `sym IN ('x', 'y')` on a SYMBOL column of
 * the scanned table. A table scan given them reads only those values' rows when they are few (posting lists
 * in storage, table-scan.ts); the filter keeps the conjunct, so the rows and the results stay the same.
 */
import { TypeTag } from '../data/column-type';
import { SymbolValues } from '../extension/storage-engine';
import { BoundExpr, conjuncts } from './bound-expression';

/** `columnOf` maps a column slot of the predicate to its table column index. */
export function requiredSymbols(where: BoundExpr | undefined, columnOf: (slot: number) => number | undefined): SymbolValues | undefined {
  if (!where) return undefined;
  for (const p of conjuncts(where)) {
    const found = symbolValues(p, columnOf);
    if (found) return found;
  }
  return undefined;
}

function symbolValues(e: BoundExpr, columnOf: (slot: number) => number | undefined): SymbolValues | undefined {
  if (e.kind !== 'call') return undefined;
  const name = e.fn.name;
  let column: BoundExpr;
  let constants: readonly BoundExpr[];
  if (name === 'in' && e.args.length >= 2) {
    column = e.args[0];
    constants = e.args.slice(1);
  } else if (name === '=' && e.args.length === 2) {
    const flipped = e.args[0].kind !== 'column';
    column = flipped ? e.args[1] : e.args[0];
    constants = [flipped ? e.args[0] : e.args[1]];
  } else {
    return undefined;
  }
  if (column.kind !== 'column' || column.type.tag !== TypeTag.SYMBOL) return undefined;
  const values: string[] = [];
  for (const c of constants) {
    if (c.kind !== 'constant' || typeof c.value !== 'string') return undefined;
    values.push(c.value);
  }
  const table = columnOf(column.index);
  return table === undefined ? undefined : { column: table, values };
}
