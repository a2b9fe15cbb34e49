/**
 * Prints single cells of a result exactly as a built-in output prints them, so plugins (and the
 * PluginApi's `formatCell`) never decode vector layouts themselves: `/exec` registers the `json` form,
 * the CSV export the `csv` and `text` forms. One registration per form.
 */
import { Vector } from '../data/vector';

export const CellPrinter = Symbol.for('svc.CellPrinter');

/**
 * - `json`: the cell as `/exec` prints it inside `dataset` (`"2024-01-01T00:00:00.000000Z"`, `null`, `1.5`).
 * - `csv`: the cell as `/exp?fmt=csv` prints it between delimiters (text quoted, null empty).
 * - `text`: the `csv` cell without its enclosing quotes (`""` back to `"`): one line, `\` escapes kept.
 */
export type CellForm = 'json' | 'csv' | 'text';

export interface CellPrinter {
  readonly form: CellForm;
  /**
   * A function printing row `row` of `vector`; the per-type printer is chosen once here, so call it
   * once per vector and then per row. The function reuses one buffer: it is not re-entrant.
   */
  printer(vector: Vector): (row: number) => string;
}
