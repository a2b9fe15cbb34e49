/**
 * Table and column name rules. A table name becomes a folder under `<root>/db`, so it can never reach
 * outside it: no separators, no NUL, no `..`, no leading or trailing dot. The other rejected characters are
 * the ones /imp strips from imported names that
 * would be unsafe or ambiguous in a path or in SQL: `? , ' " : ( ) + * % ~` and control characters.
 */
import { SvcError } from '../../core/errors';

const FORBIDDEN = new Set(['?', ',', '\'', '"', '\\', '/', ':', '(', ')', '+', '*', '%', '~', '\0', '\uFEFF']);

const MAX_NAME_BYTES = 230;

function firstProblem(name: string, maxLength: number, allowDots: boolean): string | undefined {
  if (name.length === 0) return 'empty name';
  if (name.length > maxLength) return `name longer than ${maxLength} characters`;
  // Folder and file names add a suffix (`~<id>`, `.<id>.d`); most file systems allow 255 bytes.
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES) return `name longer than ${MAX_NAME_BYTES} bytes in UTF-8`;
  if (name.trim() !== name) return 'leading or trailing whitespace';
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    const code = name.charCodeAt(i);
    if (FORBIDDEN.has(c) || code < 0x20 || code === 0x7f) return `character '${code < 0x20 ? `\\x${code.toString(16)}` : c}' not allowed`;
    if (c === '.') {
      if (!allowDots) return "character '.' not allowed";
      if (i === 0 || i === name.length - 1 || name[i - 1] === '.') return "'.' at the start, the end or doubled";
    }
  }
  return undefined;
}

/** Throws SvcError 400 unless `name` is a valid table name (`cairo.max.file.name.length` bounds it). */
export function validateTableName(name: string, maxLength = 127): void {
  const problem = firstProblem(name, maxLength, true);
  if (problem !== undefined) throw SvcError.badRequest(`invalid table name [table=${name}, reason=${problem}]`);
}

/** Column names also name files (`<column>.d`), so the same rules apply, and dots are not allowed. */
export function validateColumnName(name: string, maxLength = 127): void {
  const problem = firstProblem(name, maxLength, false);
  if (problem !== undefined) throw SvcError.badRequest(`invalid column name [column=${name}, reason=${problem}]`);
}
