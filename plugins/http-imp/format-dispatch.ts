/**
 * The data part's first bytes decide its format (format-choice.ts): they are held until at least 8 have
 * arrived (or the part ended), then the session for the chosen format is created and gets them first.
 */
import { ImportFormat } from '../../core/extension/import-format';
import { ImportResult } from './import-result';
import { UploadSession } from './upload-session';

const HEAD_BYTES = 8;

export class FormatDispatch implements UploadSession {
  private head: Buffer[] = [];
  private headBytes = 0;
  private session: UploadSession | undefined;

  constructor(private readonly choose: (head: Uint8Array) => ImportFormat | undefined,
    private readonly create: (format: ImportFormat) => UploadSession) {}

  async write(chunk: Buffer): Promise<void> {
    if (this.session) { await this.session.write(chunk); return; }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes >= HEAD_BYTES) await this.start();
  }

  async end(): Promise<void> {
    if (!this.session) await this.start();
    await this.session?.end();
  }

  async commit(): Promise<ImportResult> {
    if (!this.session) throw new Error('commit before the upload ended');
    return this.session.commit();
  }

  async close(): Promise<void> {
    await this.session?.close();
  }

  private async start(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    const format = this.choose(head);
    if (!format) throw new Error('/imp needs an ImportFormat plugin');
    this.session = this.create(format);
    if (head.length > 0) await this.session.write(head);
  }
}
