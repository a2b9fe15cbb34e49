/**
 * Downloads a query's result through GET /exp (`fmt=csv` or `fmt=parquet`). With the browser's own
 * credentials (or none) a plain link streams the file straight to disk; with credentials typed into the
 * app the request needs its Authorization header, so the file is fetched and saved from memory.
 */
import { ApiClient } from './api-client';

export type ExportFormat = 'csv' | 'parquet';

export function exportParams(sql: string, format: ExportFormat, fileStem: string): Record<string, string> {
  return { query: sql, fmt: format, filename: fileStem };
}

export async function downloadExport(client: ApiClient, sql: string, format: ExportFormat, now: number = Date.now()): Promise<void> {
  const fileStem = `svc-query-${now}`;
  const fileName = `${fileStem}.${format}`;
  const url = client.url('exp', exportParams(sql, format, fileStem));
  let href = url;
  let revoke = false;
  if (client.hasOwnCredentials) {
    const response = await client.get('exp', exportParams(sql, format, fileStem));
    if (!response.ok) throw new Error(await errorText(response));
    href = URL.createObjectURL(await response.blob());
    revoke = true;
  }
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  if (revoke) window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

async function errorText(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && typeof (body as Record<string, unknown>).error === 'string') {
      return String((body as Record<string, unknown>).error);
    }
  } catch {
    // Not JSON: the text itself is the message.
  }
  return text.trim() || `export failed [status=${response.status}]`;
}
