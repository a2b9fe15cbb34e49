/**
 * Worker-thread entry: runs a DelimitedParser over the chunks the request thread shares and sends back
 * each batch's arrays in a shared slab (batch-slabs.ts, worker-protocol.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { TypeTag } from '../../core/data/column-type';
import { MemorySymbolTable } from '../../core/data/symbol-table';
import { isSvcError } from '../../core/errors';
import { SlabPool } from './batch-slabs';
import { DelimitedParser } from './delimited-parser';
import { isWorkerRequest, WorkerPlan, WorkerReply } from './worker-protocol';

function run(port: NonNullable<typeof parentPort>, plan: WorkerPlan): void {
  const tables = plan.columns.map((c) => (c.type.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined));
  const sent = tables.map(() => 0);
  const parser = new DelimitedParser({ ...plan, columns: plan.columns.map((c, i) => ({ ...c, symbols: tables[i] })) }, plan.leadingBom);
  const slabs = new SlabPool();
  // Replies are shared or copied, never transferred: a detached ArrayBuffer slows every typed-array loop of
  // the parser's thread for good (V8 then checks each access for detachment).
  const post = (reply: WorkerReply): void => port.postMessage(reply);
  const flush = (seq: number, spare?: SharedArrayBuffer): void => {
    const batches = parser.takeReady().map((b) => slabs.share(b));
    const newSymbols = tables.map((t, i) => {
      if (!t) return [];
      const values: string[] = [];
      for (let k = sent[i]; k < t.size; k++) values.push(t.value(k) ?? '');
      sent[i] = t.size;
      return values;
    });
    post({ type: 'parsed', seq, batches, newSymbols, spare });
  };
  port.on('message', (m: unknown) => {
    if (!isWorkerRequest(m)) return;
    try {
      if (m.type === 'chunk') {
        slabs.give(m.slabs);
        parser.pushSync(new Uint8Array(m.buffer, m.offset, m.length));
        // Lent: flush copies the batch into a slab before the next piece is parsed.
        if (m.endBatch) parser.endBatch(true);
        flush(m.seq, m.buffer);
      } else {
        parser.finishSync();
        flush(m.seq);
        post({ type: 'done', rowsHandled: parser.rowsHandled, rowsImported: parser.rowsImported, errors: parser.errors });
      }
    } catch (e) {
      post({ type: 'error', message: e instanceof Error ? e.message : String(e), user: isSvcError(e) && e.statusCode < 500 });
    }
  });
}

if (parentPort) run(parentPort, workerData as WorkerPlan);
