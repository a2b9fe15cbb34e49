/** The small fixed-shape /exec bodies, built as strings. */
import { ErrorShape } from '../../core/server/error-shape';
import { CONTENT_TYPE } from '../../core/server/response-framing';
import { jsonString } from './json-text';

export const DDL_OK = '{"ddl":"OK"}';
/** INSERT (the web console reads `dml`). */
export const DML_OK = '{"dml":"OK"}';

export function updatedBody(updated: number): string {
  return `{"dml":"OK","updated":${updated}}`;
}

/**
 * Missing, empty or whitespace-only `query`: 200, the query echoed as sent, position as a string; `version=2`
 * names the first key `notice`.
 */
export function emptyQueryBody(version2: boolean, query: string): string {
  return `{"${version2 ? 'notice' : 'error'}":"empty query","query":${jsonString(query)},"position":"0"}`;
}

/** `{query, error, position}`. */
export function errorBody(query: string, message: string, position: number): string {
  return `{"query":${jsonString(query)},"error":${jsonString(message)},"position":${position}}`;
}

/** `cols` errors carry no position. */
export function errorBodyWithoutPosition(query: string, message: string): string {
  return `{"query":${jsonString(query)},"error":${jsonString(message)}}`;
}

/** The error shape of /exec and /exp: `{query, error, position}` with the status the error carries. */
export function queryErrorShape(query: string): ErrorShape {
  return ({ status, message, position }) => ({
    status, contentType: CONTENT_TYPE.json, body: errorBody(query, message, position ?? 0), keepAliveHeader: true,
  });
}
