/**
 * The MD5 digests an upload is checked with: the whole file's (a single PUT's ETag, and the ETag some
 * S3-compatible stores give a multipart upload) and the multipart ETag S3 computes, the MD5 of the parts'
 * MD5s followed by `-<parts>`.
 */
import { createHash } from 'node:crypto';

export interface UploadDigest {
  /** Hex MD5 of all bytes. */
  readonly md5: string;
  /** The ETags the store may answer for this upload (quotes removed). */
  readonly etags: readonly string[];
}

/** Accumulates part digests while the parts are read once. */
export class MultipartDigest {
  private readonly whole = createHash('md5');
  private readonly partDigests: Buffer[] = [];

  /** Feeds one part (in order); returns its base64 MD5 for the part's Content-MD5. */
  addPart(bytes: Uint8Array): string {
    this.whole.update(bytes);
    const d = createHash('md5').update(bytes).digest();
    this.partDigests.push(d);
    return d.toString('base64');
  }

  finish(): UploadDigest {
    const md5 = this.whole.digest('hex');
    const combined = `${createHash('md5').update(Buffer.concat(this.partDigests)).digest('hex')}-${this.partDigests.length}`;
    return { md5, etags: [combined, md5] };
  }
}

export function md5Of(bytes: Uint8Array): { readonly hex: string; readonly base64: string } {
  const d = createHash('md5').update(bytes).digest();
  return { hex: d.toString('hex'), base64: d.toString('base64') };
}

/** An ETag without its quotes, lower-cased. */
export function plainEtag(etag: string | undefined): string {
  return (etag ?? '').replace(/"/g, '').toLowerCase();
}
