/**
 * Messages between the request thread and the worker that decodes one Parquet upload
 * (parquet-read-worker.ts). The worker opens the file, sends its schema, then sends one row group at a time
 * as an Arrow IPC stream when asked, so at most one decoded row group exists at once.
 */
export type ParquetWorkerRequest = { readonly kind: 'read'; readonly group: number };

export type ParquetWorkerReply =
  | { readonly kind: 'schema'; readonly ipc: Uint8Array; readonly rowGroups: number; readonly keyValues: readonly (readonly [string, string])[] }
  | { readonly kind: 'group'; readonly group: number; readonly ipc: Uint8Array }
  | { readonly kind: 'error'; readonly message: string };

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null;
}

export function isParquetWorkerRequest(x: unknown): x is ParquetWorkerRequest {
  return isRecord(x) && x.kind === 'read' && typeof x.group === 'number';
}

export function isParquetWorkerReply(x: unknown): x is ParquetWorkerReply {
  return isRecord(x) && (x.kind === 'schema' || x.kind === 'group' || x.kind === 'error');
}
