/**
 * Test support: a real S3-protocol server on loopback (@20minutes/s3rver, a maintained fork of s3rver: SigV4
 * checks, ranged GETs, HEAD, single and multipart PUT, ListObjectsV2), its objects kept as files under a
 * folder, plus the settings that point the cold tier at it. Used by unit tests and the features.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { S3Settings } from './s3-settings';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  callback(): Handler;
  httpServer?: { closeAllConnections(): void };
}

/** What the test server lets through: everything, nothing (connections are cut), or all but held uploads. */
export type StoreMode = 'up' | 'down' | 'hold-uploads';

/** Requests seen, for assertions on what a query read. */
export interface RequestLog {
  gets: number;
  rangedGets: number;
  /** Bytes asked for by ranged GETs. */
  rangeBytes: number;
  heads: number;
  puts: number;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

export const TEST_ACCESS_KEY = 'S3RVER';
export const TEST_SECRET_KEY = 'S3RVER';

export class S3TestServer {
  private server: S3rverInstance | undefined;
  private ownDir = false;
  port = 0;
  mode: StoreMode = 'up';
  readonly requests: RequestLog = { gets: 0, rangedGets: 0, rangeBytes: 0, heads: 0, puts: 0 };
  private held: (() => void)[] = [];

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
    const server = new S3rver({
      address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: this.bucket }],
    });
    const inner = server.callback.bind(server);
    server.callback = (): Handler => {
      const handle = inner();
      return (req, res) => this.gate(req, res, handle);
    };
    this.server = server;
    this.port = (await server.run()).port;
  }

  private gate(req: IncomingMessage, res: ServerResponse, handle: Handler): void {
    if (this.mode === 'down') { req.socket.destroy(); return; }
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (req.method === 'GET') {
      this.requests.gets++;
      if (range !== null) { this.requests.rangedGets++; this.requests.rangeBytes += Number(range[2]) - Number(range[1]) + 1; }
    } else if (req.method === 'HEAD') this.requests.heads++;
    else if (req.method === 'PUT' || req.method === 'POST') {
      this.requests.puts++;
      // A held upload whose client went away (killed) is dropped, as a real store drops a cut request.
      if (this.mode === 'hold-uploads') { this.held.push(() => { if (!req.socket.destroyed) handle(req, res); }); return; }
    }
    handle(req, res);
  }

  /** Uploads waiting in `hold-uploads` mode. */
  get heldUploads(): number {
    return this.held.length;
  }

  /** Lets everything through again, held uploads included. */
  release(): void {
    this.mode = 'up';
    const held = this.held;
    this.held = [];
    for (const h of held) h();
  }

  resetRequests(): void {
    Object.assign(this.requests, { gets: 0, rangedGets: 0, rangeBytes: 0, heads: 0, puts: 0 });
  }

  async stop(): Promise<void> {
    this.held = [];
    this.server?.httpServer?.closeAllConnections();
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
