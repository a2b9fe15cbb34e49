/**
 * Worker-thread entry: parses one upload at a time (`open` … `chunk`s … `finish`) with a DelimitedParser
 * over the chunks the request thread shares, and sends back each batch's arrays in a shared slab
 * (batch-slabs.ts, worker-protocol.ts). The worker outlives its uploads (parse-worker-pool.ts): the slabs
 * and the warmed-up code carry over to the next one.
 */
import { MessagePort, parentPort } from 'node:worker_threads';
import { TypeTag } from '../../core/data/column-type';
import { MemorySymbolTable } from '../../core/data/symbol-table';
import { isSvcError } from '../../core/errors';
import { SlabPool } from './batch-slabs';
import { DelimitedParser } from './delimited-parser';
import { isWorkerRequest, WorkerPlan, WorkerReply } from './worker-protocol';

/** One upload's parser, its SYMBOL dictionaries and how many of their values the request thread has. */
class Upload {
  private readonly tables: (MemorySymbolTable | undefined)[];
  private readonly sent: number[];
  readonly parser: DelimitedParser;

  constructor(plan: WorkerPlan) {
    this.tables = plan.columns.map((c) => (c.type.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined));
    this.sent = this.tables.map(() => 0);
    this.parser = new DelimitedParser({ ...plan, columns: plan.columns.map((c, i) => ({ ...c, symbols: this.tables[i] })) }, plan.leadingBom);
  }

  /** Per column, the symbol values new since the last call. */
  newSymbols(): string[][] {
    return this.tables.map((t, i) => {
      if (!t) return [];
      const values: string[] = [];
      for (let k = this.sent[i]; k < t.size; k++) values.push(t.value(k) ?? '');
      this.sent[i] = t.size;
      return values;
    });
  }
}

function run(port: MessagePort): void {
  const slabs = new SlabPool();
  let upload: Upload | undefined;
  // Replies are shared or copied, never transferred: a detached ArrayBuffer slows every typed-array loop of
  // the parser's thread for good (V8 then checks each access for detachment).
  const post = (reply: WorkerReply): void => port.postMessage(reply);
  const flush = (u: Upload, seq: number, spare?: SharedArrayBuffer): void => {
    const batches = u.parser.takeReady().map((b) => slabs.share(b));
    post({ type: 'parsed', seq, batches, newSymbols: u.newSymbols(), spare });
  };
  port.on('message', (m: unknown) => {
    if (!isWorkerRequest(m)) return;
    try {
      if (m.type === 'open') {
        upload = new Upload(m.plan);
        return;
      }
      if (!upload) throw new Error('no upload is open on this parse worker');
      const { parser } = upload;
      if (m.type === 'chunk') {
        slabs.give(m.slabs);
        parser.pushSync(new Uint8Array(m.buffer, m.offset, m.length));
        // Lent: flush copies the batch into a slab before the next piece is parsed.
        if (m.endBatch) parser.endBatch(true);
        flush(upload, m.seq, m.buffer);
      } else {
        parser.finishSync();
        flush(upload, m.seq);
        upload = undefined;
        post({ type: 'done', rowsHandled: parser.rowsHandled, rowsImported: parser.rowsImported, errors: parser.errors });
      }
    } catch (e) {
      upload = undefined;
      post({ type: 'error', message: e instanceof Error ? e.message : String(e), user: isSvcError(e) && e.statusCode < 500 });
    }
  });
}

if (parentPort) run(parentPort);
