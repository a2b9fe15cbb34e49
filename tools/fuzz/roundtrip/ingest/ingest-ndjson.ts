/**
 * /imp with an NDJSON file into the existing table: one object per row; integers, floats and decimals as
 * JSON numbers with every digit (NaN as null; ±Infinity, which JSON cannot write, is not written), arrays as
 * JSON arrays, all else as strings, NULL as null.
 */
import { multipartBody } from '../../../../features/support/multipart';
import { IngestPath } from '../rt-context';
import { RtColumn } from '../rt-columns';
import { arrayText, floatText, textOf } from '../rt-text';
import { RtTable, tsOf } from '../rt-table';
import { Model } from '../rt-values';
import { isoText } from '../../sql/literals';
import { importFile } from './ingest-csv';

function jsonValue(c: RtColumn, v: Model): string {
  if (v === null) return 'null';
  switch (c.kind) {
    case 'bool': return String(v);
    case 'byte': case 'short': case 'int': case 'long': case 'decimal': return String(v);
    // NaN is NULL; ±Infinity has no JSON number (and a string among numbers is refused), so it is not written.
    case 'float': case 'double': return Number.isNaN(v) ? 'null' : floatText(v as number);
    case 'array': return arrayText(v);
    default: return JSON.stringify(textOf(c, v));
  }
}

export function ndjsonText(t: RtTable): string {
  return t.rows.map((row, r) => `{"id":${r},"ts":"${isoText(tsOf(r), 6)}",${t.columns.map((c, ci) => `${JSON.stringify(c.name)}:${jsonValue(c, row[ci].v)}`).join(',')}}\n`).join('');
}

export const ndjsonImport: IngestPath = {
  name: 'imp-ndjson',
  accepts: (c, v) => !((c.kind === 'float' || c.kind === 'double') && (v === Infinity || v === -Infinity)),
  async write(ctx, t) {
    await importFile(ctx, t.name, multipartBody([{ name: 'data', filename: `${t.name}.ndjson`, body: ndjsonText(t) }]), 'NDJSON');
  },
};
