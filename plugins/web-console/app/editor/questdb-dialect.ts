/**
 * QuestDB's SQL for CodeMirror: its keywords (SAMPLE BY, LATEST ON, ASOF JOIN, PARTITION BY, …), its
 * type names and its functions, so they are highlighted and offered by completion. Identifiers are
 * case-insensitive and quoted with double quotes; single quotes are strings (and table names).
 */
import { SQLDialect } from '@codemirror/lang-sql';

export const KEYWORDS = [
  'add', 'align', 'all', 'alter', 'and', 'as', 'asc', 'asof', 'between', 'by', 'bypass', 'cache', 'calendar', 'capacity',
  'case', 'cast', 'column', 'columns', 'copy', 'create', 'cross', 'dedup', 'delete', 'desc', 'distinct', 'drop', 'else',
  'end', 'except', 'exists', 'explain', 'false', 'fill', 'first', 'following', 'from', 'full', 'group', 'having', 'if',
  'ilike', 'in', 'index', 'inner', 'insert', 'intersect', 'into', 'is', 'join', 'keys', 'last', 'latest', 'left', 'like',
  'limit', 'linear', 'lt', 'nocache', 'none', 'not', 'null', 'nulls', 'observation', 'offset', 'on', 'or', 'order',
  'outer', 'over', 'partition', 'partitions', 'preceding', 'prev', 'range', 'rename', 'rows', 'sample', 'select', 'set',
  'show', 'splice', 'table', 'tables', 'then', 'time', 'to', 'tolerance', 'truncate', 'ttl', 'union', 'unbounded',
  'update', 'upsert', 'values', 'wal', 'when', 'where', 'window', 'with', 'within', 'zone', 'day', 'hour', 'minute',
  'month', 'week', 'year', 'current', 'row', 'exclude', 'ignore', 'respect', 'parameters', 'create', 'vacuum', 'reindex',
];

export const TYPES = [
  'boolean', 'byte', 'short', 'char', 'int', 'long', 'float', 'double', 'date', 'timestamp', 'timestamp_ns', 'string',
  'varchar', 'symbol', 'binary', 'long256', 'uuid', 'ipv4', 'geohash', 'interval', 'decimal',
];

export const FUNCTIONS = [
  'abs', 'acos', 'approx_count_distinct', 'approx_percentile', 'arg_max', 'arg_min', 'asin', 'atan', 'atan2', 'avg',
  'bool_and', 'bool_or', 'build', 'cbrt', 'ceil', 'ceiling', 'coalesce', 'concat', 'corr', 'cos', 'count',
  'count_distinct', 'covar_pop', 'covar_samp', 'cume_dist', 'current_database', 'current_schema', 'current_user',
  'date_trunc', 'dateadd', 'datediff', 'day', 'day_of_week', 'day_of_week_sunday_first', 'days_in_month', 'degrees',
  'dense_rank', 'exp', 'extract', 'first', 'first_value', 'floor', 'generate_series', 'greatest', 'haversine_dist_deg',
  'hour', 'information_schema.columns', 'information_schema.tables', 'interval', 'interval_end', 'interval_start',
  'is_leap_year', 'isum', 'ksum', 'lag', 'last', 'last_value', 'lead', 'least', 'left', 'length', 'length_bytes',
  'ln', 'log', 'long_sequence', 'lower', 'lpad', 'ltrim', 'materialized_views', 'max', 'micros', 'millis', 'min',
  'minute', 'mode', 'month', 'now', 'nsum', 'nth_value', 'ntile', 'nullif', 'percent_rank', 'pi', 'position', 'power',
  'radians', 'rank', 'read_parquet', 'regexp_replace', 'replace', 'right', 'rnd_bin', 'rnd_boolean', 'rnd_double',
  'rnd_float', 'rnd_int', 'rnd_long', 'rnd_str', 'rnd_symbol', 'rnd_timestamp', 'rnd_uuid4', 'rnd_varchar', 'round',
  'round_down', 'round_half_even', 'round_up', 'row_number', 'rpad', 'rtrim', 'second', 'sign', 'sin', 'split_part',
  'sqrt', 'starts_with', 'stddev', 'stddev_pop', 'stddev_samp', 'string_agg', 'strpos', 'substring', 'sum',
  'sysdate', 'systimestamp', 'table_columns', 'table_partitions', 'tables', 'tan', 'timestamp_ceil', 'timestamp_floor',
  'timestamp_sequence', 'to_date', 'to_lowercase', 'to_str', 'to_timestamp', 'to_timezone', 'to_uppercase', 'to_utc',
  'today', 'tomorrow', 'trim', 'trunc', 'upper', 'var_pop', 'var_samp', 'variance', 'version', 'views', 'wal_tables',
  'week_of_year', 'year', 'yesterday',
];

export const questdbDialect = SQLDialect.define({
  keywords: [...new Set(KEYWORDS)].join(' '),
  types: TYPES.join(' '),
  builtin: FUNCTIONS.filter((f) => !f.includes('.')).join(' '),
  identifierQuotes: '"',
  caseInsensitiveIdentifiers: true,
});
