/**
 * The `parquet` ImportFormat (svc's own, beyond QuestDB's CSV-only /imp): chosen by `fmt=parquet`, a file
 * starting with the `PAR1` magic, or a `.parquet` name. The upload is kept in a file (its footer comes last),
 * a worker thread of the bounded pool decodes it with parquet-wasm batch by batch (each row group in slices
 * within the decoder's memory limit), and the columns become the table's
 * (parquet-columns.ts; conversions: arrow-column-converter.ts).
 */
import { tableFromIPC } from 'apache-arrow';
import { stat } from 'node:fs/promises';
import { AnalysisOptions, FileImportFormat, ImportFile } from '../../core/extension/import-format';
import { SvcError } from '../../core/errors';
import { parquetColumns } from './parquet-columns';
import { ParquetImportFile } from './parquet-import-file';
import { invalidFile, ParquetWorkerClient, refusedFile } from './parquet-worker-client';
import { ParquetWorkerPool } from './parquet-worker-pool';

const MAGIC = [0x50, 0x41, 0x52, 0x31];

/** The format with the server's pool of decoding workers. */
export function parquetFormat(pool: ParquetWorkerPool): FileImportFormat {
  return {
    name: 'parquet',
    access: 'file',
    fmts: ['parquet'],
    detect(head: Uint8Array, filename: string | undefined): boolean {
      if (head.length >= 4 && MAGIC.every((b, i) => head[i] === b)) return true;
      return filename !== undefined && /\.parquet$/i.test(filename);
    },
    async openFile(path: string, options: AnalysisOptions): Promise<ImportFile> {
      // Smaller than magic + footer length + magic: nothing a reader could even start on.
      if ((await stat(path)).size < 12) throw invalidFile('the file is shorter than a Parquet footer', options.table);
      // Waits for a free decoder (http.import.parquet.decoders), or is refused with 503 past the queue.
      const client = new ParquetWorkerClient(await pool.leaseDecoder(options.signal), path, options.table);
      try {
        const first = await client.first();
        if (first.kind === 'error') throw invalidFile(first.message, options.table);
        if (first.kind === 'refused') throw refusedFile(first.message, options.table);
        if (first.kind !== 'schema') throw new SvcError(`unexpected reply ${first.kind} from the Parquet reader`, 500);
        const schema = tableFromIPC(first.ipc).schema;
        const structure = { delimiter: 0, header: true, columns: parquetColumns(schema.fields, new Map(first.keyValues), options.table) };
        return new ParquetImportFile(structure, schema, first.rowGroups, client);
      } catch (e) {
        client.close();
        throw e;
      }
    },
  };
}
