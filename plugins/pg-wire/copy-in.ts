/**
 * `COPY t [(cols)] FROM STDIN`: PostgreSQL's CopyIn sub-protocol into an existing table. The server
 * answers CopyInResponse; the client sends CopyData pieces and then CopyDone (or CopyFail). The data is
 * rewritten as CSV (copy-transcoder.ts) and goes through the /imp parser (the `delimited` import format,
 * with `atomicity=abort`: a bad value fails the COPY) into the table's writer, as one transaction:
 * `COPY n` is answered once every row is committed, and any error — a bad value, CopyFail, the client
 * leaving — leaves nothing. Inside a transaction block the rows are staged in the block instead and wait
 * for its COMMIT. Flush and Sync during the copy are ignored, as PostgreSQL does.
 */
import { TypeTag } from '../../core/data/column-type';
import { findColumn, TableSchema } from '../../core/data/table-schema';
import { SvcError } from '../../core/errors';
import { ImportColumn, ImportParser } from '../../core/extension/import-format';
import { TableWriter } from '../../core/extension/storage-engine';
import { batchRowsFor } from '../http-imp/batch-rows';
import { copyInResponse } from './backend-messages';
import { BackendWriter } from './backend-writer';
import { CopyStatement } from './copy-statement';
import { CopyTranscoder } from './copy-transcoder';
import { FrontendMessage } from './frontend-reader';
import { MessageBody } from './message-body';
import { protocolError } from './pg-protocol-error';
import { PgSession } from './pg-session';
import { PgWireContext } from './pg-wire-context';
import { WRITE_DENIED } from './portal';
import { SQLSTATE } from './sql-state';

/** The next frontend message of the connection, waiting for it; undefined once the client has gone. */
export type MessageSource = () => Promise<FrontendMessage | undefined>;

const COPY_DATA = 0x64, COPY_DONE = 0x63, COPY_FAIL = 0x66, FLUSH = 0x48, SYNC = 0x53;
/** Memory one COPY's parse batches may take. */
const BATCH_MEMORY = 16 * 1024 * 1024;

export async function runCopyIn(copy: Extract<CopyStatement, { direction: 'from' }>, session: PgSession, ctx: PgWireContext,
  w: BackendWriter, input: MessageSource): Promise<number> {
  if (session.readOnly) throw new SvcError(WRITE_DENIED, 403, 0);
  const format = ctx.csv;
  if (!format) throw protocolError('COPY FROM STDIN needs the delimited import format, which is not loaded', SQLSTATE.FEATURE_NOT_SUPPORTED);
  ctx.systemRelations.assertWritable(copy.table);
  const table = ctx.storage.getTable(copy.table);
  if (!table) throw SvcError.tableDoesNotExist(0, copy.table);
  const fields = fieldColumns(table, copy.columns);
  const tx = session.block.transaction;
  session.block.changing();
  const writer = tx ? await tx.writer(table.name) : await ctx.storage.openWriter(table.name);
  let parser: ImportParser | undefined;
  try {
    parser = format.createParser({
      delimiter: 44, header: false, fieldCount: fields.length, columns: importColumns(table, fields, writer),
      timestampIndex: table.timestampIndex, atomicity: 'abort', skipLev: false,
      batchRows: batchRowsFor(table.columns.map((c) => c.type), BATCH_MEMORY), maxLineBytes: 2 * ctx.maxMessageBytes + 1024, table: table.name,
    }, { workers: 0 });
    const transcoder = new CopyTranscoder(copy.options, fields.map((k) => table.columns[k].name), ctx.maxMessageBytes);
    copyInResponse(w, fields.length);
    const sent = w.flush();
    if (sent) await sent;
    for (;;) {
      const m = await input();
      if (!m) throw new SvcError('client disconnected during COPY', 400, 0);
      if (m.type === COPY_DATA) await feed(parser, transcoder.push(m.body), writer);
      else if (m.type === COPY_DONE) { await feed(parser, transcoder.finish(), writer); break; }
      else if (m.type === COPY_FAIL) throw protocolError(`COPY from stdin failed: ${new MessageBody(m.body).cstring()}`, SQLSTATE.COPY_FAILED);
      else if (m.type !== FLUSH && m.type !== SYNC) {
        throw protocolError(`unexpected message type 0x${m.type.toString(16).padStart(2, '0')} during COPY from stdin`, SQLSTATE.PROTOCOL_VIOLATION);
      }
    }
    await parser.finish();
    for (const b of parser.takeReady()) await writer.append(b);
    if (!tx) await writer.commit();
    return transcoder.rows;
  } finally {
    parser?.close();
    // Outside a block the writer is the COPY's own: closing it rolls back whatever was not committed.
    if (!tx) await writer.close();
  }
}

async function feed(parser: ImportParser, csv: Uint8Array, writer: TableWriter): Promise<void> {
  if (csv.length > 0) await parser.push(csv);
  for (const b of parser.takeReady()) await writer.append(b);
}

/** Table column index of each field: the listed columns, else every column in table order. */
function fieldColumns(table: TableSchema, names: readonly string[] | undefined): number[] {
  if (!names) return table.columns.map((_c, i) => i);
  const seen = new Set<number>();
  return names.map((n) => {
    const k = findColumn(table, n);
    if (k < 0) throw SvcError.invalidColumn(0, n);
    if (seen.has(k)) throw protocolError(`column "${n}" specified more than once`, SQLSTATE.DUPLICATE_COLUMN);
    seen.add(k);
    return k;
  });
}

function importColumns(table: TableSchema, fields: readonly number[], writer: TableWriter): ImportColumn[] {
  return table.columns.map((c, i): ImportColumn => ({
    name: c.name, type: c.type, fieldIndex: fields.indexOf(i), patterns: [],
    symbols: c.type.tag === TypeTag.SYMBOL ? writer.symbolTable(i) : undefined,
  }));
}

