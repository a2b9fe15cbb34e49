/** Footer key-value entries svc writes (and /imp reads back: plugins/import-parquet). */

/** The columns' svc types as a JSON array of /exec type names (`["TIMESTAMP","SYMBOL","IPv4"]`). */
export const SVC_COLUMN_TYPES = 'svc.column.types';
