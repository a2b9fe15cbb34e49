/** One upload on its way into a table, whatever its format (ImportSession, SpooledImportSession, FormatDispatch). */
import { ImportResult } from './import-result';

export interface UploadSession {
  /** The next chunk of the data part (awaited: the request stays paused meanwhile). */
  write(chunk: Buffer): Promise<void>;
  /** The data part ended. */
  end(): Promise<void>;
  /** Commits and describes what was imported. */
  commit(): Promise<ImportResult>;
  /** Releases everything; what was not committed is rolled back. */
  close(): Promise<void>;
}
