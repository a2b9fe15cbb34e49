/**
 * POST /imp?fmt=json with the file as the multipart part `data`, through XMLHttpRequest because fetch
 * reports no upload progress. The JSON summary (`status`, `rowsImported`, `rowsRejected`, `columns`) is
 * narrowed from unknown; a request-level failure arrives as `{"status":"<message>"}` with HTTP 200.
 */
import { ApiClient } from './api-client';

export interface ImportColumn {
  readonly name: string;
  readonly type: string;
  readonly errors: number;
}

export interface ImportSummary {
  readonly ok: boolean;
  /** `OK`, or the server's message. */
  readonly status: string;
  readonly location?: string;
  readonly rowsImported?: number;
  readonly rowsRejected?: number;
  readonly partitionBy?: string;
  readonly timestamp?: string;
  readonly columns: readonly ImportColumn[];
  readonly warnings: readonly string[];
}

export interface ImportRequest {
  readonly file: File;
  readonly table: string;
  readonly overwrite: boolean;
  readonly timestamp?: string;
  readonly partitionBy?: string;
  readonly onProgress: (loaded: number, total: number) => void;
}

export interface ImportUpload {
  readonly done: Promise<ImportSummary>;
  abort(): void;
}

export function importSummary(body: unknown): ImportSummary {
  const o = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
  const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
  const status = str(o.status) ?? 'unexpected answer from /imp';
  const columns = Array.isArray(o.columns) ? o.columns.flatMap((c): ImportColumn[] => {
    if (typeof c !== 'object' || c === null) return [];
    const col = c as Record<string, unknown>;
    const name = str(col.name);
    return name === undefined ? [] : [{ name, type: str(col.type) ?? '', errors: num(col.errors) ?? 0 }];
  }) : [];
  return {
    ok: status === 'OK', status, columns,
    location: str(o.location), rowsImported: num(o.rowsImported), rowsRejected: num(o.rowsRejected),
    partitionBy: str(o.partitionBy), timestamp: str(o.timestamp),
    warnings: Array.isArray(o.warnings) ? o.warnings.filter((w): w is string => typeof w === 'string') : [],
  };
}

export function uploadCsv(client: ApiClient, request: ImportRequest): ImportUpload {
  const xhr = new XMLHttpRequest();
  const url = client.url('imp', {
    fmt: 'json', name: request.table, overwrite: String(request.overwrite),
    timestamp: request.timestamp || undefined, partitionBy: request.partitionBy || undefined,
  });
  const done = new Promise<ImportSummary>((resolve, reject) => {
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(client.headers())) xhr.setRequestHeader(k, v);
    xhr.upload.addEventListener('progress', (e) => request.onProgress(e.loaded, e.lengthComputable ? e.total : request.file.size));
    xhr.addEventListener('load', () => {
      client.report(xhr.status === 401 ? 'unauthorized' : undefined);
      if (xhr.status === 401) return reject(new Error('Unauthorized: sign in to import'));
      try {
        resolve(importSummary(JSON.parse(xhr.responseText)));
      } catch {
        resolve(importSummary({ status: xhr.responseText.trim() || `HTTP ${xhr.status}` }));
      }
    });
    xhr.addEventListener('error', () => {
      client.report('unreachable');
      reject(new Error('the upload failed: the server closed the connection or cannot be reached'));
    });
    xhr.addEventListener('abort', () => reject(new DOMException('import cancelled', 'AbortError')));
    const form = new FormData();
    form.append('data', request.file, request.file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
