/**
 * Syntax error texts in QuestDB's style:
 * `found [tok='v', len=1] ',', 'from' or 'over' expected`. At the end of the input there is no token
 * to quote, so the text is `… expected` alone (the position is then the query length).
 */
import { EOF, IParserErrorMessageProvider, IToken, TokenType } from 'chevrotain';

/** More alternatives than this read badly as a list; the message then names the token only. */
const MAX_LISTED = 5;

export function isEndOfInput(token: IToken): boolean {
  return token.tokenType === EOF || Number.isNaN(token.startOffset);
}

export function foundPrefix(token: IToken): string {
  return isEndOfInput(token) ? '' : `found [tok='${token.image}', len=${token.image.length}] `;
}

/** `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`. */
export function alternatives(labels: readonly string[]): string {
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

export function expectedMessage(token: IToken, labels: readonly string[]): string {
  const unique = [...new Set(labels)];
  if (unique.length === 0 || unique.length > MAX_LISTED) {
    return isEndOfInput(token) ? 'unexpected end of input' : `unexpected token [${token.image}]`;
  }
  return `${foundPrefix(token)}${alternatives(unique)} expected`;
}

function label(type: TokenType): string {
  if (type === EOF) return 'end of input';
  return type.LABEL ?? type.name;
}

export const questDbErrorMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual }): string {
    return expectedMessage(actual, [label(expected)]);
  },
  buildNotAllInputParsedMessage({ firstRedundant }): string {
    return `unexpected token [${firstRedundant.image}]`;
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual }): string {
    const labels = expectedPathsPerAlt.flatMap(paths => paths.map(path => label(path[0])));
    return expectedMessage(actual[0], labels);
  },
  buildEarlyExitMessage({ expectedIterationPaths, actual }): string {
    return expectedMessage(actual[0], expectedIterationPaths.map(path => label(path[0])));
  },
};
