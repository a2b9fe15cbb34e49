/**
 * The one compiled-pattern cache of every pattern function: `~`, `!~` and regexp_replace get RE2
 * programs (re2js, a pure-JS port of RE2: linear-time matching, no native build), LIKE and ILIKE get
 * LikeMatchers. Compiling is far dearer than matching, and a pattern that varies per row would otherwise
 * compile once per row; the cache keeps the last 1,024 patterns (least recently used goes first).
 */
import { RE2JS, RE2JSException } from 're2js';
import { SvcError } from '../../../core/errors';
import { translateJavaRegex } from './java-regex';
import { LikeMatcher } from './like-matcher';

const CAPACITY = 1024;

export class PatternCache {
  private readonly entries = new Map<string, RE2JS | LikeMatcher>();

  constructor(private readonly capacity = CAPACITY) {}

  /**
   * A Java regex compiled for RE2. Throws SvcError 400 at `position` (the pattern literal) when the
   * pattern is invalid, or names the construct when it needs backtracking.
   */
  regex(pattern: string, position: number): RE2JS {
    const key = `r${pattern}`;
    const hit = this.get(key);
    if (hit instanceof RE2JS) return hit;
    const translated = translateJavaRegex(pattern);
    if (!translated.ok) {
      const { construct, index } = translated.unsupported;
      // Positions point into the literal, after its opening quote.
      throw SvcError.sql(position + index + 1, `unsupported regex construct: ${construct}; regular expressions run in linear time, without backtracking`);
    }
    let compiled: RE2JS;
    try {
      compiled = RE2JS.compile(translated.source);
    } catch (e) {
      if (e instanceof RE2JSException) throw SvcError.sql(position, `invalid regex: ${e.message.replace(/^error parsing regexp: /, '')}`);
      throw e;
    }
    return this.put(key, compiled);
  }

  like(pattern: string, insensitive: boolean): LikeMatcher {
    const key = `${insensitive ? 'i' : 'l'}${pattern}`;
    const hit = this.get(key);
    if (hit instanceof LikeMatcher) return hit;
    return this.put(key, new LikeMatcher(pattern, insensitive));
  }

  private get(key: string): RE2JS | LikeMatcher | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) { this.entries.delete(key); this.entries.set(key, hit); }
    return hit;
  }

  private put<T extends RE2JS | LikeMatcher>(key: string, value: T): T {
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, value);
    return value;
  }
}

/** Shared by all pattern functions of the process: compiled patterns are immutable. */
export const patternCache = new PatternCache();

/** The position of a call's argument `k` (the pattern literal), from the call site the engine passes kernels. */
export function argumentPosition(site: object | undefined, k: number): number {
  if (site === undefined || !('args' in site) || !Array.isArray(site.args)) return 0;
  const arg: unknown = site.args[k];
  return typeof arg === 'object' && arg !== null && 'position' in arg && typeof arg.position === 'number' ? arg.position : 0;
}
