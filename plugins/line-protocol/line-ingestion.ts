/**
 * The service both transports use: turns the configuration into the rules and limits of an IngestSession and
 * opens one per HTTP request or TCP commit interval. Registered by the line-protocol plugin.
 */
import { inject, injectable } from 'tsyringe';
import { ColumnType, Types } from '../../core/data/column-type';
import { PartitionBy } from '../../core/data/table-schema';
import { ServerConfig } from '../../core/config/server-config';
import {
  CAIRO_MAX_FILE_NAME_LENGTH, CAIRO_WAL_ENABLED_DEFAULT, CAIRO_WRITER_ACQUIRE_TIMEOUT, LINE_AUTO_CREATE_NEW_COLUMNS, LINE_AUTO_CREATE_NEW_TABLES,
  LINE_DEFAULT_PARTITION_BY, LINE_FLOAT_DEFAULT_COLUMN_TYPE, LINE_HTTP_MAX_RECV_BUFFER_SIZE, LINE_INTEGER_DEFAULT_COLUMN_TYPE,
  LINE_MAX_NEW_COLUMNS_PER_LINE, LINE_MAX_TABLE_COLUMNS, LINE_MAX_TABLES, LINE_PARSE_BUFFER_SIZE, LINE_TCP_MAX_RECV_BUFFER_SIZE,
} from '../../core/config/server-keys';
import { StorageEngine } from '../../core/extension/storage-engine';
import { SystemRelations } from '../../core/sql/system-relations';
import { LocalSource } from './block-source';
import { ErrorIds } from './error-ids';
import { IngestSession } from './ingest-session';
import { LineMetrics, LineTransport } from './line-metrics';
import { ParsePool } from './parse-pool';
import { PlanRules } from './table-plan';
import { nowMicros, TimeUnit } from './time-unit';

/** Bodies smaller than this parse on the request thread. */
const LOCAL_PARSE_BYTES = 256 * 1024;

const INTEGER_TYPES: Readonly<Record<string, ColumnType>> = { LONG: Types.LONG, INT: Types.INT, SHORT: Types.SHORT, BYTE: Types.BYTE };

@injectable()
export class LineIngestion {
  readonly rules: PlanRules;
  /** Parsed bytes a session holds before writing (HTTP) or committing (TCP). */
  readonly bufferBytes: number;
  readonly errorIds = new ErrorIds();
  private readonly writerTimeoutMs: number;
  private readonly maxTables: number;

  constructor(
    @inject(StorageEngine) private readonly engine: StorageEngine,
    @inject(ServerConfig) private readonly config: ServerConfig,
    @inject(LineMetrics) readonly metrics: LineMetrics,
    @inject(ParsePool) private readonly pool: ParsePool,
    @inject(SystemRelations) systemRelations: SystemRelations,
  ) {
    this.rules = {
      autoCreateTables: config.get(LINE_AUTO_CREATE_NEW_TABLES),
      autoCreateColumns: config.get(LINE_AUTO_CREATE_NEW_COLUMNS),
      partitionBy: config.get(LINE_DEFAULT_PARTITION_BY) as PartitionBy,
      newColumnTypes: {
        float: config.get(LINE_FLOAT_DEFAULT_COLUMN_TYPE) === 'FLOAT' ? Types.FLOAT : Types.DOUBLE,
        integer: INTEGER_TYPES[config.get(LINE_INTEGER_DEFAULT_COLUMN_TYPE)] ?? Types.LONG,
      },
      maxColumns: config.get(LINE_MAX_TABLE_COLUMNS),
      maxNewColumnsPerLine: config.get(LINE_MAX_NEW_COLUMNS_PER_LINE),
      maxNameLength: config.get(CAIRO_MAX_FILE_NAME_LENGTH),
      walEnabled: config.get(CAIRO_WAL_ENABLED_DEFAULT),
      systemRelations: systemRelations.names,
    };
    this.bufferBytes = config.get(LINE_PARSE_BUFFER_SIZE);
    this.writerTimeoutMs = config.get(CAIRO_WRITER_ACQUIRE_TIMEOUT);
    this.maxTables = config.get(LINE_MAX_TABLES);
  }

  /**
   * A new transaction for `transport`; `precision` is the unit of designated timestamps without suffix.
   * `expectedBytes` (an HTTP body's Content-Length) keeps small bodies on this thread: a parse worker's
   * round trip costs more than parsing a few lines.
   */
  session(transport: LineTransport, precision: TimeUnit = TimeUnit.NANOS, expectedBytes?: number): IngestSession {
    const key = transport === 'http' ? LINE_HTTP_MAX_RECV_BUFFER_SIZE : LINE_TCP_MAX_RECV_BUFFER_SIZE;
    const limits = { maxLineBytes: this.config.get(key), maxLineKey: key.name, maxTables: this.maxTables };
    const small = expectedBytes !== undefined && expectedBytes < LOCAL_PARSE_BYTES;
    const source = (small ? undefined : this.pool.open(limits, precision, transport === 'tcp')) ?? new LocalSource(limits, { precision, now: nowMicros });
    return new IngestSession(this.engine, this.rules, source, { writerTimeoutMs: this.writerTimeoutMs, keepRowsBeforeError: transport === 'tcp' });
  }
}
