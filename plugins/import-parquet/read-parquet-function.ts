/**
 * `read_parquet('file')` (QuestDB's table function): the rows of a Parquet file under `cairo.sql.copy.root`,
 * decoded as /imp decodes an upload (a pooled worker, parquet-wasm, one row group at a time, the same column
 * conversions), so memory holds a row group or two whatever the file's size. The path is relative to the copy
 * root, or absolute inside it; `..`, a path that resolves (through links too) outside the root and a root that
 * is not configured are refused with QuestDB's texts. The columns are known at compile time from the footer
 * (parquet-file-columns.ts).
 */
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { ColumnBatch } from '../../core/data/column-batch';
import { ResultColumn } from '../../core/data/result-set';
import { SvcError } from '../../core/errors';
import { FileImportFormat } from '../../core/extension/import-format';
import { TableFunction, TableFunctionShape } from '../../core/extension/sql-function';
import { FileResultColumn, readFileColumns } from './parquet-file-columns';

/** The copy root as configured: absolute, or undefined when `cairo.sql.copy.root` is empty. */
export type CopyRoot = string | undefined;

export function readParquetFunction(format: FileImportFormat, root: CopyRoot): TableFunction {
  return {
    kind: 'table', name: 'read_parquet',
    describe(args, positions): TableFunctionShape {
      const at = positions[0] ?? 0;
      if (args.length !== 1 || (typeof args[0] !== 'string' && args[0] !== null)) throw SvcError.sql(at, 'read_parquet expects one argument: the file path');
      const path = resolvePath(root, args[0] ?? '', at);
      let columns: FileResultColumn[];
      try {
        columns = readFileColumns(path);
      } catch (e) {
        throw SvcError.sql(at, `failed to read parquet file: ${String(args[0])}: ${e instanceof Error ? e.message : String(e)}`);
      }
      if (columns.length === 0) throw SvcError.sql(at, `no supported columns found in parquet file: ${String(args[0])}`);
      const result: ResultColumn[] = columns.map((c) => ({ name: c.name, type: c.type }));
      return { columns: result, timestampIndex: -1, rows: (context) => rows(format, path, columns, context.signal) };
    },
  };
}

async function* rows(format: FileImportFormat, path: string, columns: readonly FileResultColumn[], signal: AbortSignal): AsyncIterable<ColumnBatch> {
  const file = await format.openFile(path, {
    table: 'read_parquet', delimiter: undefined, forceHeader: false, maxLines: 0, maxDelimiterStdDev: 0, maxLineLengthStdDev: 0,
  });
  try {
    yield* file.read({
      delimiter: 0, header: true, fieldCount: file.structure.columns.length, timestampIndex: -1, atomicity: 'skipCol', skipLev: false,
      batchRows: 65536, maxLineBytes: Number.MAX_SAFE_INTEGER, table: 'read_parquet',
      columns: columns.map((c) => ({ name: c.name, type: c.type, fieldIndex: c.fieldIndex, patterns: [] })),
    }, signal);
  } finally {
    file.close();
  }
}

/** QuestDB's checks, plus a real-path check so a link cannot lead outside the root. */
function resolvePath(root: CopyRoot, given: string, at: number): string {
  if (root === undefined || root.trim() === '') {
    throw SvcError.sql(at, 'parquet files can only be read from cairo.sql.copy.root, please add cairo.sql.copy.root=<path> to your configuration');
  }
  if (given.trim() === '') throw SvcError.sql(at, 'parquet file path pattern is empty');
  if (given.includes('../') || given.includes('..\\') || given === '..') throw SvcError.sql(at, 'relative path is not allowed');
  const inside = isAbsolute(given) && (given.startsWith(root.endsWith(sep) ? root : root + sep));
  const path = inside ? given : join(root, given);
  if (!existsSync(path)) throw SvcError.sql(at, `failed to read parquet file: ${given}: file does not exist`);
  const real = realpathSync(path);
  const realRoot = existsSync(root) ? realpathSync(root) : root;
  const rel = relative(realRoot, real);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) throw SvcError.sql(at, `the file is outside cairo.sql.copy.root [path=${given}]`);
  return real;
}
