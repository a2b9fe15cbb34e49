/**
 * Turns SQL text into tokens. Words are lexed as identifiers and reserved words re-typed afterwards
 * (one Map lookup per word), so the Chevrotain lexer tries few patterns per character.
 */
import { IToken, Lexer, TokenType } from 'chevrotain';
import { SvcError } from '../../core/errors';
import { Identifier, Keyword, LEXED_TOKENS, RESERVED_WORDS, UnclosedComment } from './tokens';

const lexer = new Lexer([...LEXED_TOKENS], {
  positionTracking: 'onlyOffset',
  ensureOptimizations: true,
});

const RESERVED = new Map<string, TokenType>(RESERVED_WORDS.map(w => [w, Keyword[w]]));

export interface LexResult {
  readonly tokens: IToken[];
  /** The first character no token matches (the tokens around it are still returned). */
  readonly error?: SvcError;
}

/** Lexes `sql` into tokens with reserved words typed as keywords. */
export function lex(sql: string): LexResult {
  const result = lexer.tokenize(sql);
  const tokens = result.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.tokenType === UnclosedComment) return { tokens, error: SvcError.sql(t.startOffset, 'unclosed comment') };
    if (t.tokenType !== Identifier) continue;
    const keyword = RESERVED.get(t.image.toLowerCase());
    if (keyword !== undefined) {
      t.tokenType = keyword;
      t.tokenTypeIdx = keyword.tokenTypeIdx ?? 0;
    }
  }
  if (result.errors.length === 0) return { tokens };
  const offset = result.errors[0].offset;
  return { tokens, error: SvcError.sql(offset, lexerMessage(sql, offset)) };
}

function lexerMessage(sql: string, offset: number): string {
  const c = sql[offset];
  if (c === "'") return 'unclosed quoted string?';
  if (c === '"') return 'unclosed quotation mark';
  if (c === '/' && sql[offset + 1] === '*') return 'unclosed comment';
  if (c === '#') return `invalid geohash literal [tok='${sql.slice(offset, offset + 16).split(/\s/)[0]}']`;
  return `unexpected character [${c}]`;
}
