/**
 * One connection's state after start-up: who is connected (and whether they may write), the run-time
 * settings they changed, the transaction block (and the status reported in ReadyForQuery), the prepared statements and
 * portals of the extended protocol, and the query running now (so CancelRequest can abort it).
 */
import { PG_SETTINGS, pgSetting } from '../sql-catalog/pg-settings';
import { TransactionStatus } from './backend-messages';
import type { Portal } from './portal';
import { StorageEngine } from '../../core/extension/storage-engine';
import { TransactionBlock } from './transaction-block';
import type { PreparedStatement } from './prepared-statement';

const FIXED = new Set(['server_version', 'server_version_num', 'server_encoding', 'client_encoding', 'integer_datetimes',
  'is_superuser', 'max_identifier_length', 'block_size', 'max_index_keys', 'lc_collate', 'lc_ctype']);

export class PgSession {
  /** BEGIN … COMMIT: the transaction block and its status. */
  readonly block: TransactionBlock;
  readonly statements = new Map<string, PreparedStatement>();
  readonly portals = new Map<string, Portal>();
  /** Aborts the statement running now (CancelRequest, the client leaving, the query timeout). */
  running: AbortController | undefined;
  private readonly settings = new Map<string, string>();

  constructor(
    readonly user: string,
    readonly readOnly: boolean,
    readonly processId: number,
    readonly secretKey: number,
    startupParameters: ReadonlyMap<string, string>,
    storage: StorageEngine,
  ) {
    this.block = new TransactionBlock(storage);
    this.settings.set('session_authorization', user);
    for (const [k, v] of startupParameters) if (pgSetting(k) && k !== 'session_authorization') this.set(k, v);
    if (readOnly) { this.set('default_transaction_read_only', 'on'); this.set('transaction_read_only', 'on'); }
  }

  /** The transaction status ReadyForQuery reports. */
  get status(): TransactionStatus {
    return this.block.status;
  }

  /** The value `SHOW name` answers, or undefined for an unknown setting. */
  get(name: string): string | undefined {
    const known = pgSetting(name);
    if (!known) return undefined;
    return this.settings.get(known.name) ?? known.setting;
  }

  /**
   * Stores a setting; returns its canonical name when it is one PostgreSQL reports back (ParameterStatus).
   * Settings that describe the server (version, encodings: svc always speaks UTF-8) keep their value.
   */
  set(name: string, value: string): string | undefined {
    const known = pgSetting(name);
    const key = known?.name ?? name.toLowerCase();
    if (FIXED.has(key)) return undefined;
    this.settings.set(key, value);
    return known?.reported ? key : undefined;
  }

  reset(name: string | undefined): void {
    if (name === undefined) {
      for (const k of [...this.settings.keys()]) if (k !== 'session_authorization') this.settings.delete(k);
    } else this.settings.delete(pgSetting(name)?.name ?? name.toLowerCase());
  }

  /** Every setting with the session's value, for `SHOW ALL`. */
  all(): [string, string, string][] {
    return PG_SETTINGS.map((s) => [s.name, this.get(s.name) ?? s.setting, s.description]);
  }

  /** The ParameterStatus pairs sent when the session starts. */
  reported(): [string, string][] {
    return PG_SETTINGS.filter((s) => s.reported).map((s) => [s.name, this.get(s.name) ?? s.setting]);
  }
}
