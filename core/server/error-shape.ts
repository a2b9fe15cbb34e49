/**
 * How a route words its error answers (the API's error shape: `{query, error, position}` on /exec and /exp,
 * the bare message or `{"status": …}` on /imp, plain text elsewhere). The ErrorResponder decides the status
 * and writes the answer; the shape only renders it, so every error answer is framed in one place.
 */
import { asExpectedError, errorMessage } from '../errors';
import { CONTENT_TYPE } from './response-framing';

/** What went wrong, as the responder classified it. */
export interface RouteFailure {
  /** The SvcError's status (507 for a full disk), or 500 for anything unexpected. */
  readonly status: number;
  /** Foreseen (an Error log line) or not (a Critical line and `svc_unhandled_errors_total`). */
  readonly expected: boolean;
  readonly message: string;
  /** A SQL error's character offset. */
  readonly position: number | undefined;
  /** The thrown value (a full disk: the 507 SvcError made of it), for shapes that answer some error kinds differently. */
  readonly error: unknown;
}

/** One whole error answer, sent with Content-Length. */
export interface ErrorAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
  readonly keepAliveHeader?: boolean;
  /** Adds `Connection: close` (the rest of the request body is not read). */
  readonly close?: boolean;
  readonly headers?: readonly (readonly [string, string])[];
}

export type ErrorShape = (failure: RouteFailure) => ErrorAnswer;

/** The default: the message and CRLF as text; a 500 never shows internals. */
export const plainTextErrors: ErrorShape = ({ status, message }) => ({
  status,
  contentType: CONTENT_TYPE.text,
  body: status === 500 ? 'Internal server error\r\n' : `${message}\r\n`,
});

/**
 * A SvcError below 500 keeps its status and message, and so do 502/503/504 (a dependency's outage, or the
 * server refusing work it has no room for now) and a full disk, raw errno error or not (507: a retry may succeed
 * once there is room); anything else is an unexpected 500.
 */
export function classifyFailure(e: unknown): RouteFailure {
  const expected = asExpectedError(e);
  if (expected) return { status: expected.statusCode, expected: true, message: expected.message, position: expected.position, error: expected };
  return { status: 500, expected: false, message: errorMessage(e), position: undefined, error: e };
}
