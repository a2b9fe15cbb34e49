/**
 * A user plugin the SIGKILL loop (tools/crash-loop.ts) loads into the server it kills: `POST
 * /crash-loop/multi?op=<n>&rows=<r>` appends `r` rows of operation `n` to each of the tables `multi_a`
 * and `multi_b` and commits both with `StorageEngine.commitTogether`, so the loop can check that a crash
 * never leaves one table's rows without the other's. Rows spread over several days, out of order.
 */
import { DependencyContainer } from 'tsyringe';
import { ColumnBatch } from '../core/data/column-batch';
import { Types } from '../core/data/column-type';
import { VectorBuilder } from '../core/data/vector-builder';
import { SvcError } from '../core/errors';
import { HttpExchange, HttpRoute } from '../core/extension/http-route';
import { StorageEngine, TableWriter } from '../core/extension/storage-engine';
import { Plugin } from '../core/plugin';
import { CONTENT_TYPE, ResponseFraming } from '../core/server/response-framing';

export const MULTI_TABLES = ['multi_a', 'multi_b'] as const;
const DAY_MICROS = 86_400_000_000;

/** Row `i` of operation `op`: its timestamp (four days, interleaved) and value. */
export function multiRow(op: number, i: number): { ts: number; v: number } {
  return { ts: (i % 4) * DAY_MICROS + op * 1000 + (i >> 2), v: op * 1_000_000 + i };
}

function batchOf(op: number, rows: number): ColumnBatch {
  const ts = new VectorBuilder(Types.TIMESTAMP, rows);
  const ops = new VectorBuilder(Types.LONG, rows);
  const vs = new VectorBuilder(Types.LONG, rows);
  for (let i = 0; i < rows; i++) {
    const r = multiRow(op, i);
    ts.appendNumber(r.ts);
    ops.appendNumber(op);
    vs.appendNumber(r.v);
  }
  return { rowCount: rows, vectors: [ts.build(), ops.build(), vs.build()] };
}

class MultiTableRoute implements HttpRoute {
  readonly listener = 'api';
  readonly path = '/crash-loop/multi';
  readonly methods = ['POST'] as const;

  constructor(private readonly engine: StorageEngine, private readonly framing: ResponseFraming) {}

  async handle({ res, params }: HttpExchange): Promise<void> {
    const op = Number(params.get('op'));
    const rows = Number(params.get('rows'));
    if (!Number.isInteger(op) || !Number.isInteger(rows) || rows < 1) throw SvcError.badRequest('op and rows must be integers');
    for (const name of MULTI_TABLES) {
      if (this.engine.getTable(name)) continue;
      const columns = [{ name: 'ts', type: Types.TIMESTAMP }, { name: 'op', type: Types.LONG }, { name: 'v', type: Types.LONG }];
      await this.engine.createTable({ name, columns, timestamp: 'ts', partitionBy: 'DAY' });
    }
    const writers: TableWriter[] = [];
    try {
      for (const name of MULTI_TABLES) writers.push(await this.engine.openWriter(name));
      for (const w of writers) await w.append(batchOf(op, rows));
      await this.engine.commitTogether(writers);
    } finally {
      for (const w of writers) await w.close();
    }
    this.framing.send(res, 200, CONTENT_TYPE.text, `committed ${op}\r\n`);
  }
}

export const plugin: Plugin = {
  name: 'crash-loop',
  dependsOn: ['storage-columnar'],
  register(container: DependencyContainer): void {
    const route = new MultiTableRoute(container.resolve<StorageEngine>(StorageEngine), container.resolve(ResponseFraming));
    container.register(HttpRoute, { useValue: route });
  },
};
