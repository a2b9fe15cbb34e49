/**
 * The ObjectStore over S3 (and S3-compatible stores) with the AWS SDK v3 client: ranged GETs, HEAD,
 * ListObjectsV2, and uploads checked before anyone relies on them (Content-MD5 on every PUT and part, then
 * the ETag and a HEAD's size compared with what was sent).
 */
import {
  AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, DeleteObjectCommand,
  GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, UploadPartCommand,
} from '@aws-sdk/client-s3';
import { open, stat } from 'node:fs/promises';
import { ObjectInfo, ObjectStore } from '../../core/extension/object-store';
import { corruptObject, storeError } from './store-errors';
import { md5Of, MultipartDigest, plainEtag } from './upload-digest';
import { S3Settings } from './s3-settings';

/** Parts uploaded at the same time: bounds memory to 2 × part size. */
const PART_CONCURRENCY = 2;

export class S3ObjectStore implements ObjectStore {
  readonly location: string;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.location = `s3://${settings.bucket}${settings.prefix === '' ? '' : `/${settings.prefix}`}`;
    // The SDK warns once on Node 20 that its 2027 releases need Node 22; this pinned release runs on 20.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint !== '' ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.pathStyle,
      maxAttempts: settings.maxAttempts,
      ...(settings.accessKey !== '' || settings.secretKey !== ''
        ? { credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey } } : {}),
      // MD5 is checked by hand (below); the SDK's default CRC trailers are not understood by every store.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: settings.requestTimeoutMs, requestTimeout: settings.requestTimeoutMs },
    });
    if (settings.pathStyle) {
      // Bucket-level requests (ListObjectsV2) go as `/bucket?…`, not `/bucket/?…`: S3 takes both, and some
      // S3-compatible servers (s3rver) check the signature against the path without the slash.
      this.client.middlewareStack.add((next) => async (args) => {
        const request = args.request as { path?: unknown };
        if (typeof request.path === 'string' && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1);
        return next(args);
      }, { step: 'build', name: 'svcBucketPathWithoutSlash' });
    }
  }

  private fullKey(key: string): string {
    return this.settings.prefix === '' ? key : `${this.settings.prefix}/${key}`;
  }

  async head(key: string, signal?: AbortSignal): Promise<ObjectInfo | undefined> {
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.fullKey(key) }),
        { abortSignal: signal });
      return { key, size: r.ContentLength ?? 0, etag: plainEtag(r.ETag) };
    } catch (err) {
      const e = storeError(this.location, 'head', key, err);
      if (e.statusCode === 502) return undefined;
      throw e;
    }
  }

  async read(key: string, offset: number, length: number, signal?: AbortSignal): Promise<Uint8Array> {
    if (length === 0) return new Uint8Array(0);
    let bytes: Uint8Array;
    try {
      const r = await this.client.send(new GetObjectCommand({
        Bucket: this.settings.bucket, Key: this.fullKey(key), Range: `bytes=${offset}-${offset + length - 1}`,
      }), { abortSignal: signal });
      if (r.Body === undefined) throw corruptObject(this.location, key, 'empty answer');
      bytes = await r.Body.transformToByteArray();
    } catch (err) {
      throw storeError(this.location, 'read', key, err);
    }
    if (bytes.length !== length) {
      throw corruptObject(this.location, key, `asked bytes ${offset}..${offset + length - 1}, got ${bytes.length}`);
    }
    return bytes;
  }

  async putBytes(key: string, bytes: Uint8Array, signal?: AbortSignal): Promise<ObjectInfo> {
    const md5 = md5Of(bytes);
    let etag: string;
    try {
      const r = await this.client.send(new PutObjectCommand({
        Bucket: this.settings.bucket, Key: this.fullKey(key), Body: bytes, ContentLength: bytes.length, ContentMD5: md5.base64,
      }), { abortSignal: signal });
      etag = plainEtag(r.ETag);
    } catch (err) {
      throw storeError(this.location, 'upload', key, err);
    }
    return this.verify(key, bytes.length, etag, [md5.hex], signal);
  }

  async uploadFile(key: string, path: string, signal?: AbortSignal): Promise<ObjectInfo> {
    const size = (await stat(path)).size;
    if (size <= this.settings.partSize) {
      const handle = await open(path, 'r');
      try {
        const bytes = Buffer.alloc(size);
        await handle.read(bytes, 0, size, 0);
        return await this.putBytes(key, bytes, signal);
      } finally {
        await handle.close();
      }
    }
    return this.uploadParts(key, path, size, signal);
  }

  private async uploadParts(key: string, path: string, size: number, signal?: AbortSignal): Promise<ObjectInfo> {
    const Bucket = this.settings.bucket;
    const Key = this.fullKey(key);
    let uploadId: string | undefined;
    const handle = await open(path, 'r');
    try {
      const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket, Key }), { abortSignal: signal });
      uploadId = created.UploadId;
      const digest = new MultipartDigest();
      const partSize = this.settings.partSize;
      const count = Math.ceil(size / partSize);
      const etags: string[] = new Array<string>(count);
      for (let first = 0; first < count; first += PART_CONCURRENCY) {
        const batch: Promise<void>[] = [];
        for (let n = first; n < Math.min(count, first + PART_CONCURRENCY); n++) {
          const length = Math.min(partSize, size - n * partSize);
          const bytes = Buffer.alloc(length);
          await handle.read(bytes, 0, length, n * partSize);
          const contentMd5 = digest.addPart(bytes);
          batch.push(this.client.send(new UploadPartCommand({
            Bucket, Key, UploadId: uploadId, PartNumber: n + 1, Body: bytes, ContentLength: length, ContentMD5: contentMd5,
          }), { abortSignal: signal }).then((r) => { etags[n] = r.ETag ?? ''; }));
        }
        await Promise.all(batch);
      }
      const done = await this.client.send(new CompleteMultipartUploadCommand({
        Bucket, Key, UploadId: uploadId,
        MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
      }), { abortSignal: signal });
      uploadId = undefined;
      const expected = digest.finish();
      return await this.verify(key, size, plainEtag(done.ETag), expected.etags, signal);
    } catch (err) {
      if (uploadId !== undefined) {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => undefined);
      }
      throw storeError(this.location, 'upload', key, err);
    } finally {
      await handle.close();
    }
  }

  /** The store holds `size` bytes under `key` with one of the expected ETags; otherwise the object goes. */
  private async verify(key: string, size: number, putEtag: string, expected: readonly string[], signal?: AbortSignal): Promise<ObjectInfo> {
    const info = await this.head(key, signal);
    const why = info === undefined ? 'missing after upload'
      : info.size !== size ? `stored ${info.size} bytes of ${size}`
        : !expected.includes(info.etag) || (putEtag !== '' && !expected.includes(putEtag)) ? `ETag ${info.etag}, expected MD5 ${expected[expected.length - 1]}`
          : undefined;
    if (why === undefined && info !== undefined) return info;
    await this.delete(key).catch(() => undefined);
    throw corruptObject(this.location, key, `upload check failed: ${why ?? 'unknown'}`);
  }

  async delete(key: string, signal?: AbortSignal): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.fullKey(key) }), { abortSignal: signal });
    } catch (err) {
      const e = storeError(this.location, 'delete', key, err);
      if (e.statusCode !== 502) throw e;
    }
  }

  async list(prefix: string, signal?: AbortSignal): Promise<readonly ObjectInfo[]> {
    const out: ObjectInfo[] = [];
    const strip = this.settings.prefix === '' ? 0 : this.settings.prefix.length + 1;
    let token: string | undefined;
    try {
      do {
        const r = await this.client.send(new ListObjectsV2Command({
          Bucket: this.settings.bucket, Prefix: this.fullKey(prefix), ContinuationToken: token,
        }), { abortSignal: signal });
        for (const o of r.Contents ?? []) {
          if (o.Key !== undefined) out.push({ key: o.Key.slice(strip), size: o.Size ?? 0, etag: plainEtag(o.ETag) });
        }
        token = r.IsTruncated === true ? r.NextContinuationToken : undefined;
      } while (token !== undefined);
    } catch (err) {
      throw storeError(this.location, 'list', prefix, err);
    }
    return out;
  }

  close(): void {
    this.client.destroy();
  }
}
