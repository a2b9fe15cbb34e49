/** The `json` CellPrinter: one cell through the same cell writers /exec streams `dataset` with. */
import { CellPrinter } from '../../core/extension/cell-printer';
import { Vector } from '../../core/data/vector';
import { ChunkPool } from './chunk-pool';
import { CellWriterContext, createCellWriter } from './json-cell-writer';
import { JsonSink } from './json-sink';

const CELL_BYTES = 1024;

export const jsonCellPrinter: CellPrinter = {
  form: 'json',
  printer(vector: Vector): (row: number) => string {
    const sink = new JsonSink(CELL_BYTES, new ChunkPool(CELL_BYTES, 0));
    const write = createCellWriter(vector, new CellWriterContext(false));
    return (row) => {
      sink.pos = 0;
      write(sink, row);
      return sink.buf.toString('utf8', 0, sink.pos);
    };
  },
};
