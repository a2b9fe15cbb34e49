/**
 * Messages between WorkerParser (request thread) and parse-worker (worker thread): `open` starts an upload,
 * `chunk`s follow, `finish` ends it with `done` (the worker then waits for its next upload). Chunks are shared
 * memory (a chunk comes back as a spare once parsed); a batch's arrays are views on one shared slab
 * (batch-slabs.ts), which goes back to its worker with a later request once the batch is written. Nothing is transferred:
 * detaching an ArrayBuffer makes V8 check every typed-array access of that thread from then on. SYMBOL keys in a batch are the worker's own dictionary keys; the
 * values first used in that batch travel with it (`newSymbols`), and the request thread maps them to the
 * writer's keys.
 */
import { ColumnType } from '../../core/data/column-type';
import { Atomicity } from '../../core/extension/import-format';

export interface WorkerColumn {
  readonly name: string;
  readonly type: ColumnType;
  readonly fieldIndex: number;
  readonly patterns: readonly string[];
}

export interface WorkerPlan {
  readonly delimiter: number;
  readonly header: boolean;
  readonly fieldCount: number;
  readonly columns: readonly WorkerColumn[];
  readonly timestampIndex: number;
  readonly atomicity: Atomicity;
  readonly skipLev: boolean;
  readonly batchRows: number;
  readonly maxLineBytes: number;
  readonly table: string;
  /** Only the lane that sees the start of the upload drops a byte order mark. */
  readonly leadingBom: boolean;
}

export type WorkerRequest =
  /** An upload starts on this worker: parse its chunks with `plan`. */
  | { readonly type: 'open'; readonly plan: WorkerPlan }
  /**
   * `buffer[offset..offset + length)` is piece `seq` of the upload; `endBatch`: emit the rows so far as a batch after it.
   * `slabs`: batch slabs the request thread is done with, for reuse.
   */
  | { readonly type: 'chunk'; readonly buffer: SharedArrayBuffer; readonly offset: number; readonly length: number; readonly seq: number; readonly endBatch: boolean; readonly slabs: readonly SharedArrayBuffer[] }
  | { readonly type: 'finish'; readonly seq: number };

export interface WireVector {
  readonly data: ArrayBufferView;
  readonly offsets?: Int32Array;
  readonly nulls?: Uint8Array;
  readonly exact?: BigInt64Array;
}

export interface WireBatch {
  readonly rowCount: number;
  /** Every array of `vectors` is a view on `slab` when there is one, else a copy of the worker's. */
  readonly vectors: readonly WireVector[];
  readonly slab?: SharedArrayBuffer;
}

export type WorkerReply =
  /**
   * One chunk (or the finish) is parsed: its batches, and per column the symbol values new since the last
   * reply; `spare` is the chunk's buffer handed back (the parser keeps no view of it) for the next piece.
   */
  | { readonly type: 'parsed'; readonly seq: number; readonly batches: readonly WireBatch[]; readonly newSymbols: readonly (readonly string[])[]; readonly spare?: SharedArrayBuffer }
  | { readonly type: 'done'; readonly rowsHandled: number; readonly rowsImported: number; readonly errors: readonly number[] }
  | { readonly type: 'error'; readonly message: string; readonly user: boolean };

export function isWorkerRequest(x: unknown): x is WorkerRequest {
  if (typeof x !== 'object' || x === null) return false;
  const t = (x as { type?: unknown }).type;
  if (t === 'open') return typeof (x as { plan?: unknown }).plan === 'object';
  return typeof (x as { seq?: unknown }).seq === 'number'
    && (t === 'finish' || (t === 'chunk' && (x as { buffer?: unknown }).buffer instanceof SharedArrayBuffer && Array.isArray((x as { slabs?: unknown }).slabs)));
}

export function isWorkerReply(x: unknown): x is WorkerReply {
  if (typeof x !== 'object' || x === null) return false;
  const t = (x as { type?: unknown }).type;
  return t === 'parsed' || t === 'done' || t === 'error';
}
