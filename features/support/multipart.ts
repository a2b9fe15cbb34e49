/** multipart/form-data bodies for /imp scenarios, part by part as a client would write them. */
export interface FormPart {
  readonly name?: string;
  readonly filename?: string;
  readonly contentType?: string;
  readonly body: Buffer | string;
}

export interface MultipartBody {
  readonly contentType: string;
  readonly body: Buffer;
}

export function multipartBody(parts: readonly FormPart[]): MultipartBody {
  const boundary = '----svcfeature' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\n`;
    if (p.name !== undefined) {
      head += `Content-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n`;
    }
    if (p.contentType !== undefined) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(head + '\r\n'), Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body, 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}
