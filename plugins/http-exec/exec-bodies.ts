/** The small fixed-shape /exec bodies, built as strings. */
import { jsonString } from './json-text';

export const DDL_OK = '{"ddl":"OK"}';
/** INSERT (the web console reads `dml`). */
export const DML_OK = '{"dml":"OK"}';

export function updatedBody(updated: number): string {
  return `{"dml":"OK","updated":${updated}}`;
}

/** Missing or empty `query`: 200, position as a string; `version=2` names the first key `notice`. */
export function emptyQueryBody(version2: boolean): string {
  return `{"${version2 ? 'notice' : 'error'}":"empty query","query":"","position":"0"}`;
}

/** `{query, error, position}`. */
export function errorBody(query: string, message: string, position: number): string {
  return `{"query":${jsonString(query)},"error":${jsonString(message)},"position":${position}}`;
}

/** `cols` errors carry no position. */
export function errorBodyWithoutPosition(query: string, message: string): string {
  return `{"query":${jsonString(query)},"error":${jsonString(message)}}`;
}
