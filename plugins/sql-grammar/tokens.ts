/**
 * Token types of QuestDB's SQL. Words are lexed as one `Identifier` pattern;
 * reserved words are then re-typed to their keyword token (see lexer.ts), which keeps the lexer to
 * one regex per token class. Non-reserved keywords (`timestamp`, `first`, `calendar`, …) stay
 * identifiers and the parser checks their text, because QuestDB accepts them as names.
 */
import { createToken, Lexer, TokenType } from 'chevrotain';

const token = (name: string, pattern: RegExp, label: string, categories: TokenType[] = []): TokenType =>
  createToken({ name, pattern, label, categories });

/** Category: a bare or double-quoted name. */
export const Name = createToken({ name: 'Name', pattern: Lexer.NA, label: 'name' });
/** Category: every infix operator written with symbols or AND/OR (precedence in operators.ts). */
export const BinaryOperator = createToken({ name: 'BinaryOperator', pattern: Lexer.NA, label: 'operator' });
const OP = [BinaryOperator];
/** Category: every literal token (numbers, strings, LONG256, geohash, TRUE/FALSE/NULL). */
export const Literal = createToken({ name: 'Literal', pattern: Lexer.NA, label: 'literal' });
const LIT = [Literal];

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /\s+/, group: Lexer.SKIPPED });
export const LineComment = createToken({ name: 'LineComment', pattern: /--[^\n\r]*/, group: Lexer.SKIPPED });
// `/*+ … */` hints are comments too.
export const BlockComment = createToken({ name: 'BlockComment', pattern: /\/\*[\s\S]*?\*\//, group: Lexer.SKIPPED });
/** `/*` without its end: lexed so the error can say so (lexer.ts). */
export const UnclosedComment = createToken({ name: 'UnclosedComment', pattern: /\/\*/, label: 'unclosed comment' });

/** `@ ? ! \` {` are identifier characters, as QuestDB lexes them (`select @x` is the column `@x`); `!=`, `!~` stay operators. */
export const Identifier = token('Identifier', /(?:[A-Za-z_@?`{\u00C0-\uFFFF]|!(?![=~]))(?:[A-Za-z0-9_$@?`{\u00C0-\uFFFF]|!(?![=~]))*/, 'identifier', [Name]);
export const QuotedIdentifier = token('QuotedIdentifier', /"(?:[^"]|"")*"/, 'quoted identifier', [Name]);
export const EString = token('EString', /[eE]'(?:[^'\\]|\\[\s\S]|'')*'/, 'string', LIT);
export const StringLiteral = token('StringLiteral', /'(?:[^']|'')*'/, 'string', LIT);
export const Long256 = token('Long256', /0x[0-9a-fA-F]+/, 'number', LIT);
export const GeohashBits = token('GeohashBits', /##[01]+/, 'geohash', LIT);
export const GeohashChars = token('GeohashChars', /#[0-9a-zA-Z]+(?:\/\d+)?/, 'geohash', LIT);
/** `12.34m`, `.5m`: a DECIMAL literal (`12m` lexes as a Duration and is read as one in expressions). */
export const DecimalLiteral = token('DecimalLiteral', /(?:\d+\.\d*|\.\d+)m(?![\w])/, 'number', LIT);
/** `42L`: a LONG literal. Must precede Duration. */
export const LongLiteral = token('LongLiteral', /\d+[lL](?![\w])/, 'number', LIT);
/** `1.5f`, `2F`, `1e3f`: a FLOAT literal (QuestDB 9.4.4). Must precede Duration, which would take `2f`. */
export const FloatLiteral = token('FloatLiteral', /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[fF](?![\w])/, 'number', LIT);
/** `1h`, `30m`, `500T`, `5c` (geohash precision): number glued to letters, not an exponent. */
export const Duration = token('Duration', /\d+(?![eE][+-]?\d)[a-zA-Z]+(?![\w])/, 'duration');
export const NumberLiteral = token('NumberLiteral', /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/, 'number', LIT);

/** `$1` or `:name`: a bind parameter (core/sql/parameters). `::int` is a cast, so `:` must precede a letter. */
export const BindParameter = token('BindParameter', /\$\d+|:[A-Za-z_][A-Za-z0-9_]*/, 'bind parameter');
export const DoubleColon = token('DoubleColon', /::/, "'::'");
export const LessEqualShift = token('LessEqualShift', /<<=/, "'<<='", OP);
export const GreaterEqualShift = token('GreaterEqualShift', />>=/, "'>>='", OP);
export const ShiftLeft = token('ShiftLeft', /<</, "'<<'", OP);
export const ShiftRight = token('ShiftRight', />>/, "'>>'", OP);
export const LessEqual = token('LessEqual', /<=/, "'<='", OP);
export const GreaterEqual = token('GreaterEqual', />=/, "'>='", OP);
export const NotEqual = token('NotEqual', /!=|<>/, "'!='", OP);
export const NotRegex = token('NotRegex', /!~/, "'!~'", OP);
export const Concat = token('Concat', /\|\|/, "'||'", OP);
export const Equal = token('Equal', /=/, "'='", OP);
export const Less = token('Less', /</, "'<'", OP);
export const Greater = token('Greater', />/, "'>'", OP);
export const Plus = token('Plus', /\+/, "'+'", OP);
export const Minus = token('Minus', /-/, "'-'", OP);
export const Star = token('Star', /\*/, "'*'", OP);
export const Slash = token('Slash', /\//, "'/'", OP);
export const Percent = token('Percent', /%/, "'%'", OP);
export const Tilde = token('Tilde', /~/, "'~'", OP);
export const Ampersand = token('Ampersand', /&/, "'&'", OP);
export const Pipe = token('Pipe', /\|/, "'|'", OP);
export const Caret = token('Caret', /\^/, "'^'", OP);
export const LParen = token('LParen', /\(/, "'('");
export const RParen = token('RParen', /\)/, "')'");
export const LBracket = token('LBracket', /\[/, "'['");
export const RBracket = token('RBracket', /\]/, "']'");
export const Comma = token('Comma', /,/, "','");
export const Semicolon = token('Semicolon', /;/, "';'");
export const Dot = token('Dot', /\./, "'.'");
export const Colon = token('Colon', /:/, "':'");

/**
 * Words that cannot be a bare alias or name because a clause or operator starts with them; quote
 * them to use them as names (QuestDB 9.4.4: `partition`, `sample`, `limit`, `order`, `align` are reserved).
 */
export const RESERVED_WORDS = [
  'select', 'from', 'where', 'order', 'limit', 'sample', 'join', 'inner', 'partition',
  'left', 'right', 'full', 'outer', 'cross', 'on', 'union', 'except',
  'intersect', 'all', 'and', 'or', 'not', 'as', 'case', 'when', 'then', 'else', 'end', 'in', 'is',
  'like', 'ilike', 'between', 'null', 'true', 'false', 'distinct', 'with', 'align',
  'having', 'over', 'within', 'window', 'lateral', 'pivot',
] as const;

/**
 * Clause words QuestDB accepts as column and table names (`by`, `group`, `latest`, `asof`, `lt`,
 * `splice`, `tolerance`, `fill`): identifiers that the parser checks by text where a clause may start.
 */
export const CLAUSE_WORDS: ReadonlySet<string> = new Set(['by', 'group', 'latest', 'asof', 'lt', 'splice', 'tolerance', 'fill']);

export type ReservedWord = (typeof RESERVED_WORDS)[number];

/** Category: every reserved word (see `misplacedKeyword` in primary-parser.ts). */
export const ReservedWord = createToken({ name: 'ReservedWord', pattern: Lexer.NA, label: 'keyword' });

/** One token type per reserved word, named `Kw_<word>`, labelled `'word'` for error messages. */
export const Keyword: Readonly<Record<ReservedWord, TokenType>> = Object.freeze(
  Object.fromEntries(RESERVED_WORDS.map(w => [w, createToken({
    name: `Kw_${w}`, pattern: Lexer.NA, label: `'${w}'`,
    categories: [ReservedWord, ...(w === 'and' || w === 'or' ? OP : w === 'true' || w === 'false' || w === 'null' ? LIT : [])],
  })])) as
    Record<ReservedWord, TokenType>,
);

/**
 * Reserved words that are also SQL keywords to QuestDB: where an operand is expected they are an error
 * (`table and column names that are SQL keywords have to be enclosed in double quotes, such as "from"`);
 * the other reserved words read as column names there, as QuestDB reads them.
 */
export const SQL_KEYWORDS: ReadonlySet<string> = new Set([
  'select', 'from', 'where', 'order', 'limit', 'sample', 'join', 'outer', 'on', 'union', 'except', 'intersect', 'all',
  'and', 'or', 'as', 'end', 'in', 'like', 'between', 'distinct', 'with', 'align', 'over', 'within', 'partition',
]);

/** Lexer order matters: the first matching pattern wins (longer operators first). */
export const LEXED_TOKENS: readonly TokenType[] = [
  WhiteSpace, LineComment, BlockComment, UnclosedComment,
  EString, StringLiteral, QuotedIdentifier, Long256, GeohashBits, GeohashChars,
  DecimalLiteral, LongLiteral, FloatLiteral, Duration, NumberLiteral, Identifier, BindParameter,
  DoubleColon, LessEqualShift, GreaterEqualShift, ShiftLeft, ShiftRight, LessEqual, GreaterEqual,
  NotEqual, NotRegex, Concat, Equal, Less, Greater, Plus, Minus, Star, Slash, Percent, Tilde,
  Ampersand, Pipe, Caret, LParen, RParen, LBracket, RBracket, Comma, Semicolon, Dot, Colon,
];

/** Every token type the parser knows: the lexed ones plus the keyword types assigned after lexing. */
export const ALL_TOKENS: readonly TokenType[] = [Name, BinaryOperator, Literal, ReservedWord, ...LEXED_TOKENS, ...Object.values(Keyword)];
