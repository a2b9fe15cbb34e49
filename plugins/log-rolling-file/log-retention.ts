/**
 * `lifeDuration` and `sizeLimit`: on each roll, older files of this writer are
 * deleted when they are older than `lifeDuration`, then the oldest ones while the writer's files
 * together exceed `sizeLimit`. A writer's files are those in the location's folder whose names start
 * with the location's fixed prefix (the text before the first placeholder); with no fixed prefix
 * nothing is pruned, so a folder shared with other files is never emptied by mistake.
 */
import { readdirSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface Retention {
  readonly lifeMs: number | undefined;
  readonly sizeLimit: number | undefined;
}

/** The fixed part of a location template's file name, or '' when the name starts with a placeholder. */
export function fixedPrefix(locationTemplate: string): string {
  const name = basename(locationTemplate);
  const i = name.indexOf('${');
  return i < 0 ? name : name.slice(0, i);
}

/** Deletes files of the writer beside `current`; returns the names deleted. */
export function prune(current: string, prefix: string, retention: Retention, nowMs: number): string[] {
  if (prefix === '' || (retention.lifeMs === undefined && retention.sizeLimit === undefined)) return [];
  const dir = dirname(current);
  const files: { path: string; mtime: number; size: number }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!name.startsWith(prefix) || path === current) continue;
    const st = statSync(path, { throwIfNoEntry: false });
    if (st?.isFile()) files.push({ path, mtime: st.mtimeMs, size: st.size });
  }
  files.sort((a, b) => a.mtime - b.mtime);
  const deleted: string[] = [];
  const remove = (f: { path: string }): void => {
    try { unlinkSync(f.path); deleted.push(basename(f.path)); } catch { /* gone already */ }
  };
  let kept = files;
  if (retention.lifeMs !== undefined) {
    const cutoff = nowMs - retention.lifeMs;
    for (const f of files) if (f.mtime < cutoff) remove(f);
    kept = files.filter((f) => f.mtime >= cutoff);
  }
  if (retention.sizeLimit !== undefined) {
    let total = (statSync(current, { throwIfNoEntry: false })?.size ?? 0) + kept.reduce((s, f) => s + f.size, 0);
    for (const f of kept) {
      if (total <= retention.sizeLimit) break;
      remove(f);
      total -= f.size;
    }
  }
  return deleted;
}
