/**
 * The `csv` and `text` CellPrinters: one cell through the same cell writers `/exp?fmt=csv` uses (comma
 * delimiter). `text` drops the CSV quoting of that cell (`"a""b"` → `a"b`) and keeps its `\` escapes.
 */
import { CellForm, CellPrinter } from '../../core/extension/cell-printer';
import { decodeUtf8 } from '../../core/data/utf8';
import { Vector } from '../../core/data/vector';
import { ByteOutput } from './byte-output';
import { cellWriter } from './csv-cells';

const COMMA = 44;

function csvPrinter(vector: Vector): (row: number) => string {
  const out = new ByteOutput(1024);
  const write = cellWriter(vector.type, COMMA);
  return (row) => {
    out.pos = 0;
    write(out, vector, row);
    return decodeUtf8(out.buf, 0, out.pos);
  };
}

/** A quoted CSV field's content: the enclosing quotes dropped and `""` back to `"`. */
export function unquoteCsvCell(cell: string): string {
  if (cell.length < 2 || cell.charCodeAt(0) !== 34 || cell.charCodeAt(cell.length - 1) !== 34) return cell;
  return cell.slice(1, -1).replaceAll('""', '"');
}

function printerOf(form: CellForm): CellPrinter {
  if (form === 'csv') return { form, printer: csvPrinter };
  return {
    form,
    printer(vector: Vector): (row: number) => string {
      const csv = csvPrinter(vector);
      return (row) => unquoteCsvCell(csv(row));
    },
  };
}

export const csvCellPrinter: CellPrinter = printerOf('csv');
export const textCellPrinter: CellPrinter = printerOf('text');
