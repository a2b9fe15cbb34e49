/**
 * The database root (`-d <root>`, default `./data`): conf/, db/, log/, public/ beside each other.
 * On first start conf/ is filled from the project's conf/ defaults; existing
 * files are never overwritten.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

export class RootDirectory {
  readonly root: string;
  readonly conf: string;
  readonly log: string;
  readonly public: string;
  readonly plugins: string;

  constructor(root: string) {
    this.root = resolve(root);
    this.conf = join(this.root, 'conf');
    this.log = join(this.root, 'log');
    this.public = join(this.root, 'public');
    this.plugins = join(this.root, 'plugins');
  }

  /** `<root>/db` unless `cairo.root` says otherwise (relative to the root). */
  db(cairoRoot = 'db'): string {
    return isAbsolute(cairoRoot) ? cairoRoot : join(this.root, cairoRoot);
  }

  /** Resolves a path relative to the root. */
  resolve(path: string): string {
    return isAbsolute(path) ? path : join(this.root, path);
  }

  /**
   * Creates the folders and copies missing default conf files, except `skip` (log.conf is created by
   * the log set-up, which knows about `-Dout`). Returns the names of the files copied.
   */
  prepare(defaultConfDir: string, skip: readonly string[] = []): string[] {
    for (const dir of [this.root, this.conf, this.db(), this.log, this.public]) mkdirSync(dir, { recursive: true });
    const copied: string[] = [];
    if (!existsSync(defaultConfDir)) return copied;
    for (const name of readdirSync(defaultConfDir)) {
      const from = join(defaultConfDir, name);
      const to = join(this.conf, name);
      if (skip.includes(name) || !statSync(from).isFile() || existsSync(to)) continue;
      copyFileSync(from, to);
      copied.push(name);
    }
    return copied;
  }
}
