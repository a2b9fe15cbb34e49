/**
 * Messages between the request thread and a Parquet decoding worker (parquet-read-worker.ts). A worker
 * serves one file at a time: `open` (answered by the schema), `read` per row group (answered by the group as
 * an Arrow IPC stream, in request order, so at most a couple of decoded row groups exist at once), `close`.
 * An idle worker is kept for the next upload, so its WebAssembly code is already compiled and warm.
 */
export type ParquetWorkerRequest =
  | { readonly kind: 'open'; readonly path: string }
  | { readonly kind: 'read'; readonly group: number }
  | { readonly kind: 'close' };

export type ParquetWorkerReply =
  | { readonly kind: 'schema'; readonly ipc: Uint8Array; readonly rowGroups: number; readonly keyValues: readonly (readonly [string, string])[] }
  | { readonly kind: 'group'; readonly group: number; readonly ipc: Uint8Array }
  | { readonly kind: 'error'; readonly message: string };

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null;
}

export function isParquetWorkerRequest(x: unknown): x is ParquetWorkerRequest {
  return isRecord(x) && ((x.kind === 'open' && typeof x.path === 'string') || (x.kind === 'read' && typeof x.group === 'number') || x.kind === 'close');
}

export function isParquetWorkerReply(x: unknown): x is ParquetWorkerReply {
  return isRecord(x) && (x.kind === 'schema' || x.kind === 'group' || x.kind === 'error');
}
