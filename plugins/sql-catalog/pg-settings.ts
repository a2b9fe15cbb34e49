/**
 * The PostgreSQL run-time settings svc reports: what `SHOW name`, `current_setting('name')` and the
 * `pg_settings` relation answer, and (for the `reported` ones) what a PostgreSQL connection announces
 * with ParameterStatus at start. svc presents itself as PostgreSQL 14 (as `version()` says), in UTC,
 * with ISO dates, UTF-8, standard strings, and the read-committed, autocommitting behaviour of QuestDB.
 */
import { POSTGRES_VERSION } from '../sql-functions/meta/info-functions';

export interface PgSetting {
  readonly name: string;
  readonly setting: string;
  readonly description: string;
  /** Sent as ParameterStatus when a session starts (PostgreSQL's GUC_REPORT settings). */
  readonly reported?: boolean;
}

export const PG_SERVER_VERSION = POSTGRES_VERSION;
const [major, minor] = POSTGRES_VERSION.split('.').map(Number);

export const PG_SETTINGS: readonly PgSetting[] = [
  { name: 'server_version', setting: PG_SERVER_VERSION, description: 'Shows the server version.', reported: true },
  { name: 'server_version_num', setting: String(major * 10000 + minor), description: 'Shows the server version as an integer.' },
  { name: 'server_encoding', setting: 'UTF8', description: 'Shows the server (database) character set encoding.', reported: true },
  { name: 'client_encoding', setting: 'UTF8', description: "Sets the client's character set encoding.", reported: true },
  { name: 'DateStyle', setting: 'ISO, MDY', description: 'Sets the display format for date and time values.', reported: true },
  { name: 'IntervalStyle', setting: 'postgres', description: 'Sets the display format for interval values.', reported: true },
  { name: 'TimeZone', setting: 'UTC', description: 'Sets the time zone for displaying and interpreting time stamps.', reported: true },
  { name: 'integer_datetimes', setting: 'on', description: 'Datetimes are integer based.', reported: true },
  { name: 'standard_conforming_strings', setting: 'on', description: "Causes '...' strings to treat backslashes literally.", reported: true },
  { name: 'is_superuser', setting: 'off', description: 'Shows whether the current user is a superuser.', reported: true },
  { name: 'application_name', setting: '', description: 'Sets the application name to be reported in statistics and logs.', reported: true },
  { name: 'transaction_isolation', setting: 'read committed', description: "Sets the current transaction's isolation level." },
  { name: 'default_transaction_isolation', setting: 'read committed', description: 'Sets the transaction isolation level of each new transaction.' },
  { name: 'transaction_read_only', setting: 'off', description: "Sets the current transaction's read-only status." },
  { name: 'default_transaction_read_only', setting: 'off', description: 'Sets the default read-only status of new transactions.' },
  { name: 'search_path', setting: '"$user", public', description: 'Sets the schema search order for names that are not schema-qualified.' },
  { name: 'max_identifier_length', setting: '63', description: 'Shows the maximum identifier length.' },
  { name: 'max_index_keys', setting: '32', description: 'Shows the maximum number of index keys.' },
  { name: 'block_size', setting: '8192', description: 'Shows the size of a disk block.' },
  { name: 'extra_float_digits', setting: '1', description: 'Sets the number of digits displayed for floating-point values.' },
  { name: 'bytea_output', setting: 'hex', description: 'Sets the output format for bytea.' },
  { name: 'lc_collate', setting: 'C', description: 'Shows the collation order locale.' },
  { name: 'lc_ctype', setting: 'C', description: 'Shows the character classification and case conversion locale.' },
  { name: 'lc_messages', setting: 'C', description: 'Sets the language in which messages are displayed.' },
  { name: 'lc_monetary', setting: 'C', description: 'Sets the locale for formatting monetary amounts.' },
  { name: 'lc_numeric', setting: 'C', description: 'Sets the locale for formatting numbers.' },
  { name: 'lc_time', setting: 'C', description: 'Sets the locale for formatting date and time values.' },
  { name: 'statement_timeout', setting: '0', description: 'Sets the maximum allowed duration of any statement.' },
  { name: 'max_connections', setting: '64', description: 'Sets the maximum number of concurrent connections.' },
  { name: 'session_authorization', setting: 'admin', description: 'Sets the session user name.', reported: true },
];

const BY_NAME = new Map(PG_SETTINGS.map((s) => [s.name.toLowerCase(), s]));

/** The setting of that (case-insensitive) name, or undefined when svc does not know it. */
export function pgSetting(name: string): PgSetting | undefined {
  return BY_NAME.get(name.toLowerCase());
}
