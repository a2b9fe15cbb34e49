/**
 * Turns what the AWS SDK throws into the SvcError a query or an upload fails with. Store trouble the
 * operator must fix (unreachable, refused credentials, no bucket, 5xx) is a 503 naming the store; an object
 * that is missing or not what `_txn` recorded is a 502 (the store answered, with the wrong thing).
 */
import { SvcError } from '../../core/errors';

interface SdkErrorShape {
  readonly name?: string;
  readonly code?: string;
  readonly message?: string;
  readonly $metadata?: { readonly httpStatusCode?: number };
}

const CREDENTIAL_ERRORS = new Set([
  'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'CredentialsProviderError', 'ExpiredToken',
  'InvalidToken', 'AuthorizationHeaderMalformed',
]);

function shapeOf(err: unknown): SdkErrorShape {
  return typeof err === 'object' && err !== null ? (err as SdkErrorShape) : { message: String(err) };
}

/** The SvcError for a failed store request on `key` (`what` names the operation: `read`, `upload`). */
export function storeError(location: string, what: string, key: string, err: unknown): SvcError {
  if (err instanceof SvcError) return err;
  const e = shapeOf(err);
  const name = e.name ?? e.code ?? 'Error';
  const status = e.$metadata?.httpStatusCode;
  // A HEAD's error has no body: the SDK then knows only the status ("Unknown", "UnknownError").
  const known = name !== 'Unknown' && name !== 'UnknownError';
  const text = e.message !== undefined && e.message !== 'UnknownError' ? e.message : '';
  const detail = [known ? name : '', status !== undefined ? `HTTP ${status}` : '', text].filter((p) => p !== '').join(': ');
  const cause = err instanceof Error ? { cause: err } : undefined;
  if (name === 'AbortError') return new SvcError(`cold storage ${what} cancelled [key=${key}]`, 503, undefined, cause);
  if (CREDENTIAL_ERRORS.has(name) || status === 403) {
    return new SvcError(`cold storage ${location} refused the credentials (${detail}) [${what} key=${key}]`, 503, undefined, cause);
  }
  if (name === 'NoSuchBucket') {
    return new SvcError(`cold storage bucket does not exist: ${location} [${what} key=${key}]`, 503, undefined, cause);
  }
  if (name === 'NoSuchKey' || name === 'NotFound' || status === 404) {
    return new SvcError(`cold storage object is missing: ${location}/${key} [${what}]`, 502, undefined, cause);
  }
  if (name === 'InvalidRange' || status === 416) {
    return new SvcError(`cold storage object is shorter than recorded: ${location}/${key} [${what}]`, 502, undefined, cause);
  }
  return new SvcError(`cold storage ${location} is unavailable (${detail}) [${what} key=${key}]`, 503, undefined, cause);
}

/** The object the store holds is not what was written or recorded. */
export function corruptObject(location: string, key: string, why: string): SvcError {
  return new SvcError(`cold storage object is corrupt: ${location}/${key} (${why})`, 502);
}
