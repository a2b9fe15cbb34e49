/**
 * Helpers shared by the grammar layers (expression → query → DML → DDL → statement). QuestDB accepts
 * most keywords as names, so only reserved words are token types (tokens.ts); the others are
 * identifiers whose text is checked here (`isWord`, `word`).
 */
import { EmbeddedActionsParser, IToken, TokenType } from 'chevrotain';
import { SvcError } from '../../core/errors';
import { ALL_TOKENS, Identifier, QuotedIdentifier } from './tokens';
import { expectedMessage, isEndOfInput, questDbErrorMessages } from './error-messages';

export abstract class ParserBase extends EmbeddedActionsParser {
  /** Length of the query being parsed: the position of end-of-input errors. */
  protected sqlLength = 0;

  constructor(extraTokens: readonly TokenType[] = []) {
    super([...ALL_TOKENS, ...extraTokens], {
      maxLookahead: 2,
      recoveryEnabled: false,
      errorMessageProvider: questDbErrorMessages,
    });
  }

  /** The position of a token; end of input maps to the query length (Chevrotain's EOF offset is NaN). */
  protected positionOf(token: IToken): number {
    return isEndOfInput(token) ? this.sqlLength : token.startOffset;
  }

  /** True when the k-th next token is the non-reserved word `word` (lower case). */
  protected isWord(k: number, word: string): boolean {
    const t = this.LA(k);
    return t.tokenType === Identifier && t.image.length === word.length && t.image.toLowerCase() === word;
  }

  /** True when the k-th next token is one of `words`. */
  protected isAnyWord(k: number, words: ReadonlySet<string>): boolean {
    const t = this.LA(k);
    return t.tokenType === Identifier && words.has(t.image.toLowerCase());
  }

  protected isToken(k: number, type: TokenType): boolean {
    return this.LA(k).tokenType === type;
  }

  /** A name token: bare identifier or `"quoted"`. */
  protected isName(k: number): boolean {
    const type = this.LA(k).tokenType;
    return type === Identifier || type === QuotedIdentifier;
  }

  /** Consumes the non-reserved keyword `word`; `idx` distinguishes occurrences within one rule. */
  protected word(idx: number, word: string): IToken {
    const found = this.LA(1);
    if (!this.RECORDING_PHASE && !this.isWord(1, word)) this.fail(found, `'${word}'`);
    return this.consume(idx, Identifier);
  }

  /** Throws a syntax error at `token`: `found [tok=…] <expected> expected`. */
  protected fail(token: IToken, ...expected: string[]): never {
    // Grammar recording (performSelfAnalysis) walks every alternative once with placeholder tokens.
    if (this.RECORDING_PHASE) return undefined as never;
    throw SvcError.sql(this.positionOf(token), expectedMessage(token, expected));
  }

  /** Tier 3: recognised, rejected with the keyword's position. */
  protected notSupported(token: IToken, feature: string): never {
    if (this.RECORDING_PHASE) return undefined as never;
    throw SvcError.sql(this.positionOf(token), `${feature} is not supported`);
  }
}
