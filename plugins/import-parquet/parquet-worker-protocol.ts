/**
 * Messages between the request thread and a Parquet decoding worker (parquet-read-worker.ts). A worker
 * serves one file at a time: `open` (answered by the schema, or `refused` when the file is past the
 * decoder's budget: decoder-budget.ts), `next` for each batch (answered by the batch as an Arrow IPC stream
 * with the worker's memory after it, in request order, so at most a couple of batches exist at once; `end`
 * after the last), `close`. An idle worker is kept for the next upload, so its WebAssembly code is already
 * compiled and warm.
 */
export type ParquetWorkerRequest =
  | { readonly kind: 'open'; readonly path: string }
  | { readonly kind: 'next' }
  | { readonly kind: 'close' };

export type ParquetWorkerReply =
  | { readonly kind: 'schema'; readonly ipc: Uint8Array; readonly rowGroups: number; readonly keyValues: readonly (readonly [string, string])[] }
  | { readonly kind: 'batch'; readonly group: number; readonly ipc: Uint8Array; readonly memory: number }
  | { readonly kind: 'end'; readonly memory: number }
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'error'; readonly message: string };

/** The worker's budget, as its workerData. */
export interface ParquetWorkerData {
  readonly memoryLimit: number;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null;
}

export function isParquetWorkerRequest(x: unknown): x is ParquetWorkerRequest {
  return isRecord(x) && ((x.kind === 'open' && typeof x.path === 'string') || x.kind === 'next' || x.kind === 'close');
}

export function isParquetWorkerReply(x: unknown): x is ParquetWorkerReply {
  return isRecord(x) && (x.kind === 'schema' || x.kind === 'batch' || x.kind === 'end' || x.kind === 'refused' || x.kind === 'error');
}

export function isParquetWorkerData(x: unknown): x is ParquetWorkerData {
  return isRecord(x) && typeof x.memoryLimit === 'number';
}
