/**
 * Tier 3 statements: recognised by their first words and rejected with
 * `<feature> is not supported` at the keyword, before the grammar runs (their own syntax, such as
 * `DECLARE @x := …`, need not parse). Tier 3 inside queries (PIVOT, LATERAL/RIGHT/FULL/WINDOW/HORIZON
 * JOIN, WITHIN) is rejected by the grammar where it appears.
 */
import { IToken } from 'chevrotain';
import { SvcError } from '../../core/errors';

const STATEMENTS: ReadonlySet<string> = new Set([
  'declare', 'copy', 'refresh', 'vacuum', 'reindex', 'checkpoint', 'snapshot', 'cancel', 'grant', 'revoke',
  'backup', 'begin', 'commit', 'rollback', 'set', 'pivot', 'assume', 'exit',
]);

/** Objects other than tables after CREATE / DROP / ALTER. */
const OBJECTS: ReadonlySet<string> = new Set([
  'materialized', 'view', 'live', 'user', 'group', 'service', 'or', 'all',
]);

/** Objects named by two words: `MATERIALIZED VIEW`, `LIVE VIEW`, `SERVICE ACCOUNT`, `ALL TABLES`, `OR REPLACE`. */
const TWO_WORDS: ReadonlySet<string> = new Set(['materialized', 'live', 'service', 'all', 'or']);

const DDL_VERBS: ReadonlySet<string> = new Set(['create', 'drop', 'alter']);

const word = (t: IToken | undefined): string => (t === undefined ? '' : t.image.toLowerCase());

/** Throws SvcError.sql when `tokens` start a Tier 3 statement. */
export function rejectTier3Statement(tokens: readonly IToken[]): void {
  let i = word(tokens[0]) === 'explain' ? 1 : 0;
  const first = tokens[i];
  if (first === undefined) return;
  const w = word(first);
  if (w === 'copy' && tokens.some(t => word(t) === 'stdin')) {
    // `COPY ... FROM STDIN` → 400 at position 0.
    throw SvcError.sql(0, 'copy from STDIN is not supported over REST');
  }
  if (STATEMENTS.has(w)) throw SvcError.sql(first.startOffset, `${w.toUpperCase()} is not supported`);
  if (!DDL_VERBS.has(w)) return;
  const object = tokens[++i];
  if (object === undefined || !OBJECTS.has(word(object))) return;
  const words = TWO_WORDS.has(word(object)) ? [first, object, tokens[i + 1]] : [first, object];
  const feature = words.filter(t => t !== undefined).map(t => t.image.toUpperCase()).join(' ');
  throw SvcError.sql(object.startOffset, `${feature} is not supported`);
}
