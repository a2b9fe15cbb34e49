/**
 * `PluginApi.formatCell`: any cell of a result vector as text, through the registered CellPrinters (the
 * very printers of /exec and /exp), so a plugin never decodes a vector's layout. The printer chosen for a
 * vector is remembered while the vector lives, so a loop over its rows costs one lookup per cell.
 */
import { DependencyContainer } from 'tsyringe';
import { Vector } from './data/vector';
import { SvcError } from './errors';
import { CellForm, CellPrinter } from './extension/cell-printer';

type RowPrinter = (row: number) => string;

export class CellFormatter {
  private printers: ReadonlyMap<CellForm, CellPrinter> | undefined;
  private readonly byVector = new WeakMap<Vector, Partial<Record<CellForm, RowPrinter>>>();

  /** The printers are looked up on first use, after every plugin has registered. */
  constructor(private readonly container: DependencyContainer) {}

  format(vector: Vector, row: number, form: CellForm = 'json'): string {
    let forms = this.byVector.get(vector);
    if (forms === undefined) { forms = {}; this.byVector.set(vector, forms); }
    let print = forms[form];
    if (print === undefined) {
      print = this.printer(form).printer(vector);
      forms[form] = print;
    }
    return print(row);
  }

  private printer(form: CellForm): CellPrinter {
    if (this.printers === undefined) {
      const all = this.container.isRegistered(CellPrinter, true) ? this.container.resolveAll<CellPrinter>(CellPrinter) : [];
      this.printers = new Map(all.map((p) => [p.form, p]));
    }
    const p = this.printers.get(form);
    if (p === undefined) throw new SvcError(`no cell printer for form ${String(form)} [known=${[...this.printers.keys()].join(',')}]`);
    return p;
  }
}
