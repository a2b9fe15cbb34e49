/**
 * Test support: a real S3-protocol server on loopback (@20minutes/s3rver, a maintained fork of s3rver: SigV4
 * checks, ranged GETs, HEAD, single and multipart PUT, ListObjectsV2), its objects kept as files under a
 * folder, plus the settings that point the cold tier at it. Used by unit tests and the features.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Settings } from './s3-settings';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

export const TEST_ACCESS_KEY = 'S3RVER';
export const TEST_SECRET_KEY = 'S3RVER';

export class S3TestServer {
  private server: S3rverInstance | undefined;
  private ownDir = false;
  port = 0;

  constructor(readonly bucket = 'svc-cold', readonly directory = '') {}

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it on an ephemeral port (or `port`), with the bucket created. */
  async start(port = 0): Promise<void> {
    let directory = this.directory;
    if (directory === '') { directory = mkdtempSync(join(tmpdir(), 'svc-s3-')); this.ownDir = true; }
    (this as { directory: string }).directory = directory;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const S3rver = require('@20minutes/s3rver') as S3rverConstructor;
    this.server = new S3rver({
      address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: this.bucket }],
    });
    this.port = (await this.server.run()).port;
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }

  /** Stops it and removes its folder (if it made one). */
  async dispose(): Promise<void> {
    await this.stop();
    if (this.ownDir) rmSync(this.directory, { recursive: true, force: true });
  }

  /** Where the store keeps an object's bytes on disk (s3rver's file layout). */
  objectFile(key: string): string {
    return join(this.directory, this.bucket, `${key}._S3rver_object`);
  }

  settings(prefix = 'test', overrides: Partial<S3Settings> = {}): S3Settings {
    return {
      endpoint: this.endpoint, bucket: this.bucket, prefix, region: 'us-east-1',
      accessKey: TEST_ACCESS_KEY, secretKey: TEST_SECRET_KEY, pathStyle: true,
      requestTimeoutMs: 5000, maxAttempts: 2, partSize: 5 * 1024 * 1024, ...overrides,
    };
  }
}
