/**
 * `fmt=csv` for /exp: a header line of quoted column names (omitted with
 * `nm=true`), then one line per row; every line ends with CRLF. Rows are written straight into a byte
 * buffer handed out every ~512 KB, so memory stays at one batch plus one chunk whatever the result size.
 */
import { SvcError } from '../../core/errors';
import { ExportFormat } from '../../core/extension/export-format';
import { ResultSet } from '../../core/data/result-set';
import { encodeUtf8 } from '../../core/data/utf8';
import { ByteOutput } from './byte-output';
import { cellWriter, writeQuoted } from './csv-cells';

export interface CsvOptions {
  /** The field separator byte (`delimiter`, default `,`). */
  readonly delimiter: number;
  /** False with `nm=true`: no header line. */
  readonly header: boolean;
}

const CHUNK_BYTES = 512 * 1024;

export class CsvExportFormat implements ExportFormat<CsvOptions> {
  readonly fmt = 'csv';
  /** QuestDB's HTTP API (same as CONTENT_TYPE.csv of response-framing). */
  readonly contentType = 'text/csv; charset=utf-8';
  readonly extension = 'csv';
  readonly compressible = true;

  parseOptions(params: URLSearchParams): CsvOptions {
    const d = params.get('delimiter');
    let delimiter = 44;
    if (d !== null && d !== '') {
      // a single byte; `\t` may arrive as the two characters of its escape.
      const text = d === '\\t' ? '\t' : d;
      if (text.length !== 1 || text.charCodeAt(0) > 0x7f || text === '"' || text === '\r' || text === '\n') {
        throw SvcError.badRequest(`invalid delimiter [delimiter=${d}], expected one ASCII character other than a quote or line break`);
      }
      delimiter = text.charCodeAt(0);
    }
    return { delimiter, header: params.get('nm') !== 'true' };
  }

  async *serialize(result: ResultSet, options: CsvOptions, signal: AbortSignal): AsyncIterable<Uint8Array> {
    const out = new ByteOutput(CHUNK_BYTES + 64 * 1024);
    const cols = result.columns;
    const n = cols.length;
    const delimiter = options.delimiter;
    if (options.header) {
      for (let c = 0; c < n; c++) {
        if (c > 0) out.byte(delimiter);
        const name = encodeUtf8(cols[c].name);
        writeQuoted(out, name, 0, name.length);
      }
      out.byte(13); out.byte(10);
    }
    const writers = cols.map((col) => cellWriter(col.type, delimiter));
    for await (const batch of result.batches()) {
      if (signal.aborted) return;
      const vectors = batch.vectors;
      for (let r = 0; r < batch.rowCount; r++) {
        for (let c = 0; c < n; c++) {
          if (c > 0) out.byte(delimiter);
          writers[c](out, vectors[c], r);
        }
        out.byte(13); out.byte(10);
        if (out.pos >= CHUNK_BYTES) yield out.take();
      }
    }
    if (out.pos > 0) yield out.take();
  }
}

export const csvExportFormat = new CsvExportFormat();
