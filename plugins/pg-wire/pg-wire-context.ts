/** What every PostgreSQL connection shares: the engine, the users, the settings, metrics and logs. */
import { SecureContext } from 'node:tls';
import { Log } from '../../core/log/log';
import { QueryEngine } from '../../core/sql/query-engine';
import { SystemRelations } from '../../core/sql/system-relations';
import { StorageEngine } from '../../core/extension/storage-engine';
import { StreamImportFormat } from '../../core/extension/import-format';
import { ErrorReport } from './error-report';
import { PgCredentials } from './pg-credentials';
import { PgMetrics } from './pg-metrics';
import { AuthMethod } from './password-login';
import { ExecutionSettings } from './portal';
import type { RequestActivity } from '../../core/server/in-flight-requests';

export interface PgWireContext {
  readonly engine: QueryEngine;
  /** Where transaction blocks and COPY open their writers. */
  readonly storage: StorageEngine;
  /** The read-only system relations (`telemetry_config`): COPY FROM STDIN into one is refused. */
  readonly systemRelations: SystemRelations;
  /** The `delimited` import format COPY FROM STDIN parses with (absent when that plugin is not loaded). */
  readonly csv?: StreamImportFormat;
  readonly credentials: PgCredentials;
  readonly authMethod: AuthMethod;
  /** `pg.security.readonly`: every session is read-only. */
  readonly readOnly: boolean;
  readonly maxMessageBytes: number;
  readonly execution: ExecutionSettings;
  readonly idleTimeoutMs: number;
  /** `pg.net.startup.timeout`: the start-up and login must be done by then (0: no limit). */
  readonly startupTimeoutMs: number;
  /** Present when `pg.tls.enabled`: SSLRequest is answered `S` and the connection continues in TLS. */
  readonly tls?: SecureContext;
  readonly metrics: PgMetrics;
  readonly log: Log;
  readonly errors: ErrorReport;
  /** Told when a connection starts and ends work on its messages (core/server/busy-poll.ts). */
  readonly poll?: RequestActivity;
  /** Aborts the running statement of the backend with that key (CancelRequest). */
  cancel(processId: number, secretKey: number): void;
}
