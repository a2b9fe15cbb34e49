/** The cold tier's store settings, read once from the `cold.*` keys (core/config/cold-keys.ts). */
import {
  COLD_STORE_ACCESS_KEY, COLD_STORE_BUCKET, COLD_STORE_ENDPOINT, COLD_STORE_MAX_ATTEMPTS, COLD_STORE_PATH_STYLE,
  COLD_STORE_PREFIX, COLD_STORE_REGION, COLD_STORE_REQUEST_TIMEOUT, COLD_STORE_SECRET_KEY, COLD_UPLOAD_PART_SIZE,
} from '../../core/config/cold-keys';
import { ServerConfig } from '../../core/config/server-config';
import { SvcError } from '../../core/errors';

export interface S3Settings {
  /** Empty: AWS's endpoint for the region. */
  readonly endpoint: string;
  readonly bucket: string;
  /** Without leading or trailing slashes; '' for the bucket's root. */
  readonly prefix: string;
  readonly region: string;
  /** Both empty: the SDK's default credential chain. */
  readonly accessKey: string;
  readonly secretKey: string;
  readonly pathStyle: boolean;
  readonly requestTimeoutMs: number;
  readonly maxAttempts: number;
  readonly partSize: number;
}

/** S3's smallest part (except the last). */
export const MIN_PART_SIZE = 5 * 1024 * 1024;

/** The settings, or undefined when no bucket is configured (no cold tier). */
export function s3Settings(config: ServerConfig): S3Settings | undefined {
  const bucket = (config.get(COLD_STORE_BUCKET) ?? '').trim();
  if (bucket === '') return undefined;
  // S3's bucket naming rules: 3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit at each end.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw SvcError.config(COLD_STORE_BUCKET.name, bucket, 'an S3 bucket name (3 to 63 lower-case letters, digits, dots and hyphens)');
  }
  const endpoint = (config.get(COLD_STORE_ENDPOINT) ?? '').trim();
  if (endpoint !== '' && !isHttpUrl(endpoint)) {
    throw SvcError.config(COLD_STORE_ENDPOINT.name, endpoint, 'an http:// or https:// URL');
  }
  return {
    endpoint,
    bucket,
    prefix: normalizePrefix(config.get(COLD_STORE_PREFIX) ?? ''),
    region: (config.get(COLD_STORE_REGION) ?? '').trim() || 'us-east-1',
    accessKey: (config.get(COLD_STORE_ACCESS_KEY) ?? '').trim(),
    secretKey: (config.get(COLD_STORE_SECRET_KEY) ?? '').trim(),
    pathStyle: config.get(COLD_STORE_PATH_STYLE),
    requestTimeoutMs: config.get(COLD_STORE_REQUEST_TIMEOUT),
    maxAttempts: config.get(COLD_STORE_MAX_ATTEMPTS),
    partSize: Math.max(MIN_PART_SIZE, config.get(COLD_UPLOAD_PART_SIZE)),
  };
}

export function normalizePrefix(prefix: string): string {
  return prefix.trim().replace(/^\/+|\/+$/g, '');
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
