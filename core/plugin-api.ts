/**
 * What a plugin written in plain JavaScript can use without importing the project's modules:
 * `container.resolve(Symbol.for('svc.PluginApi'))`. TypeScript plugins inside the project import the
 * same things directly.
 */
import { Counter, Gauge, Histogram } from 'prom-client';
import { ColumnBatch } from './data/column-batch';
import { Types, TypeTag, typeName } from './data/column-type';
import { VectorBuilder } from './data/vector-builder';
import { SvcError } from './errors';
import { ExportFormat } from './extension/export-format';
import { HttpAuthenticator } from './extension/http-authenticator';
import { HttpRoute } from './extension/http-route';
import { ImportFormat } from './extension/import-format';
import { Lifecycle } from './extension/lifecycle';
import { LogWriterFactory } from './extension/log-writer';
import { MetricSource } from './extension/metric-source';
import { SqlFunction } from './extension/sql-function';
import { SqlGrammar } from './extension/sql-grammar';
import { StorageEngine } from './extension/storage-engine';
import { LogFactory } from './log/log';
import { ReadOnlyGuard } from './server/read-only-guard';
import { FileAppender } from './log/file-appender';
import { LEVEL_MARKER } from './log/log-level';
import { resolveLogLocation } from './log/log-location';
import { ResponseFraming, CONTENT_TYPE } from './server/response-framing';
import { formatDateMillis, formatTimestampMicros } from './time/iso-timestamp';
import { VERSION } from './project';

export const PluginApiToken = Symbol.for('svc.PluginApi');

export const pluginApi = Object.freeze({
  version: VERSION,
  tokens: Object.freeze({
    HttpRoute, ExportFormat, ImportFormat, LogWriterFactory, MetricSource, SqlFunction, SqlGrammar,
    StorageEngine, Lifecycle, HttpAuthenticator, LogFactory,
  }),
  SvcError,
  ResponseFraming,
  /** `container.resolve(api.ReadOnlyGuard).assertWritable()` before a write (http.security.readonly). */
  ReadOnlyGuard,
  CONTENT_TYPE,
  /** prom-client metric classes for a MetricSource: `new api.metrics.Gauge({ name: 'svc_x', help, registers: [registry] })`. */
  metrics: Object.freeze({ Counter, Gauge, Histogram }),
  Types,
  TypeTag,
  typeName,
  VectorBuilder,
  formatTimestampMicros,
  formatDateMillis,
  /** For log writers (docs/plugins.md "A log writer"): batched appends, `${log.dir}`/`${date:}` locations, level letters. */
  FileAppender,
  resolveLogLocation,
  LEVEL_MARKER,
});

export type PluginApi = typeof pluginApi;
/** Re-exported for plugin authors' type annotations. */
export type { ColumnBatch };
