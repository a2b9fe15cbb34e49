/**
 * The web console's instance preferences (name, type, description, …) behind /settings:
 * a JSON object with a version number, kept in `<root>/conf/console-preferences.json` so it survives
 * restarts. Updates carry the version they were based on; a stale one is refused (409).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject, injectable } from 'tsyringe';
import { SvcError } from '../../core/errors';
import { RootDirectory } from '../../core/root-directory';

export type JsonObject = { [key: string]: unknown };

export function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

@injectable()
export class ConsolePreferences {
  private readonly file: string;
  private version = 0;
  private values: JsonObject = {};

  constructor(@inject(RootDirectory) root: RootDirectory) {
    this.file = join(root.conf, 'console-preferences.json');
    this.load();
  }

  get current(): { readonly version: number; readonly preferences: JsonObject } {
    return { version: this.version, preferences: this.values };
  }

  /**
   * PUT replaces, POST merges. Throws SvcError 409 when `basedOn` is not the current
   * version. Returns the new version.
   */
  update(basedOn: number, preferences: JsonObject, merge: boolean): number {
    if (basedOn !== this.version) {
      throw new SvcError(`preferences view is out of date [currentVersion=${this.version}, expectedVersion=${basedOn}]`, 409);
    }
    this.values = merge ? { ...this.values, ...preferences } : { ...preferences };
    this.version++;
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify({ version: this.version, preferences: this.values }));
    renameSync(tmp, this.file);
    return this.version;
  }

  private load(): void {
    if (!existsSync(this.file)) return;
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      if (isJsonObject(parsed) && typeof parsed.version === 'number' && isJsonObject(parsed.preferences)) {
        this.version = parsed.version;
        this.values = parsed.preferences;
      }
    } catch {
      // A damaged file starts the preferences afresh rather than stopping the server.
    }
  }
}
