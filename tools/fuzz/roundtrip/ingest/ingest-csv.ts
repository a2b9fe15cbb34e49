/**
 * /imp with a CSV file into the existing table: a header line, fields quoted when they hold a delimiter, a
 * quote, a line break or edge spaces, NULL as an empty field. Arrays have no CSV form here.
 */
import { MultipartBody, multipartBody } from '../../../../features/support/multipart';
import { http, IngestPath, RtContext } from '../rt-context';
import { textOf } from '../rt-text';
import { tsOf, RtTable } from '../rt-table';
import { isoText } from '../../sql/literals';

function field(s: string | null): string {
  if (s === null) return '';
  return /[",\r\n]|^\s|\s$/.test(s) || s === '' ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvText(t: RtTable): string {
  const lines = [['id', 'ts', ...t.columns.map((c) => c.name)].join(',')];
  t.rows.forEach((row, r) => {
    lines.push([String(r), isoText(tsOf(r), 6), ...t.columns.map((c, ci) => field(row[ci].v === null ? null : textOf(c, row[ci].v)))].join(','));
  });
  return `${lines.join('\n')}\n`;
}

/**
 * Posts one file to /imp. `atomicity=skipCol`: a value that does not convert becomes NULL in its row, so
 * the comparison names the very cell (with abort, one bad value would hide the whole file).
 */
export async function importFile(ctx: RtContext, table: string, body: MultipartBody, what: string): Promise<void> {
  const res = await http(ctx, `/imp?name=${table}&fmt=json&atomicity=skipCol`, { method: 'POST', headers: { 'content-type': body.contentType }, body: body.body });
  const text = res.body.toString('utf8');
  if (res.status !== 200 || !/"status":"OK"/.test(text) || /"rowsRejected":[1-9]/.test(text)) throw new Error(`/imp ${what}: ${res.status} ${text.slice(0, 600)}`);
}

export const csvImport: IngestPath = {
  name: 'imp-csv',
  accepts: (c) => c.kind !== 'array',
  async write(ctx, t) {
    const body = multipartBody([{ name: 'data', filename: `${t.name}.csv`, body: csvText(t) }]);
    await importFile(ctx, t.name, body, 'CSV');
  },
};
