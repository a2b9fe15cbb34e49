/**
 * How a route words its error answers (the API's error shape: `{query, error, position}` on /exec and /exp,
 * the bare message or `{"status": …}` on /imp, plain text elsewhere). The ErrorResponder decides the status
 * and writes the answer; the shape only renders it, so every error answer is framed in one place.
 */
import { errorMessage, isExpectedError } from '../errors';
import { CONTENT_TYPE } from './response-framing';

/** What went wrong, as the responder classified it. */
export interface RouteFailure {
  /** The SvcError's status, or 500 for anything unexpected. */
  readonly status: number;
  readonly message: string;
  /** A SQL error's character offset. */
  readonly position: number | undefined;
  /** The thrown value, for shapes that answer some error kinds differently. */
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
 * A SvcError below 500 keeps its status and message, and so does a 503 (the server refusing work it has no
 * room for now: a retry may succeed); anything else is an unexpected 500.
 */
export function classifyFailure(e: unknown): RouteFailure {
  if (isExpectedError(e)) return { status: e.statusCode, message: e.message, position: e.position, error: e };
  return { status: 500, message: errorMessage(e), position: undefined, error: e };
}
