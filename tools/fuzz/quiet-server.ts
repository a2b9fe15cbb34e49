/**
 * The environment the fuzzers start their server with: its console log at ERROR (a line per request would
 * cost more than many of the queries), so what it prints is its start-up facts and what went wrong.
 */
export const QUIET_SERVER: Readonly<Record<string, string>> = { SVC_LOG_W_STDOUT_LEVEL: 'ERROR' };
