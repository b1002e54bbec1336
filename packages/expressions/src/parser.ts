import {
  COMPARISON_OPERATORS,
  type ArithmeticOperator,
  type ComparisonOperator,
  type Expr,
  type PathExpr,
} from './ast.ts';
import { expressionError, type ExpressionError } from './errors.ts';
import { tokenize, type Token } from './tokens.ts';

export type ParseResult = { ok: true; ast: Expr } | { ok: false; error: ExpressionError };

/**
 * Parses an expression. Precedence, weakest first:
 * `or` < `and` < `not` < comparison < `+ -` < `* / %` < unary `-` < member access and calls.
 * Binary operators are left-associative; comparisons do not chain (`a < b < c` is an error,
 * because it never means what it looks like).
 */
export function parseExpression(text: string): ParseResult {
  const lexed = tokenize(text);
  if (!lexed.ok) return lexed;
  if (lexed.tokens.length === 1) {
    return { ok: false, error: expressionError('Expression.InvalidSyntax', 'The expression is empty', 0) };
  }
  try {
    const parser = new Parser(lexed.tokens);
    return { ok: true, ast: parser.parseAll() };
  } catch (caught) {
    if (caught instanceof SyntaxFailure) return { ok: false, error: caught.error };
    throw caught;
  }
}

/** Unwinds the recursive descent on the first error; never escapes parseExpression. */
class SyntaxFailure extends Error {
  constructor(readonly error: ExpressionError) {
    super(error.message);
  }
}

function describe(token: Token): string {
  switch (token.kind) {
    case 'end':
      return 'the end of the expression';
    case 'word':
      return `'${token.text}'`;
    case 'symbol':
      return `'${token.text}'`;
    case 'number':
      return `the number ${token.value}`;
    case 'string':
      return `the string '${token.value}'`;
    case 'date':
      return 'a date';
  }
}

class Parser {
  private index = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  parseAll(): Expr {
    const expr = this.parseOr();
    const next = this.peek();
    if (next.kind !== 'end') {
      this.fail(`Unexpected ${describe(next)} at position ${next.start}; expected an operator, 'and', 'or' or the end`);
    }
    return expr;
  }

  private peek(): Token {
    return this.tokens[this.index] as Token;
  }

  private advance(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index += 1;
    return token;
  }

  private isWord(word: string): boolean {
    const token = this.peek();
    return token.kind === 'word' && token.lower === word;
  }

  private isSymbol(...symbols: string[]): boolean {
    const token = this.peek();
    return token.kind === 'symbol' && symbols.includes(token.text);
  }

  private fail(message: string, position = this.peek().start): never {
    throw new SyntaxFailure(expressionError('Expression.InvalidSyntax', message, position));
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.isWord('or')) {
      this.advance();
      const right = this.parseAnd();
      left = { type: 'binary', operator: 'or', left, right, start: left.start, end: right.end };
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.isWord('and')) {
      this.advance();
      const right = this.parseNot();
      left = { type: 'binary', operator: 'and', left, right, start: left.start, end: right.end };
    }
    return left;
  }

  private parseNot(): Expr {
    if (!this.isWord('not')) return this.parseComparison();
    const start = this.advance().start;
    const operand = this.parseNot();
    return { type: 'unary', operator: 'not', operand, start, end: operand.end };
  }

  private parseComparison(): Expr {
    const left = this.parseAdditive();
    if (!this.isSymbol(...COMPARISON_OPERATORS)) return left;
    const operator = (this.advance() as { text: ComparisonOperator }).text;
    const right = this.parseAdditive();
    if (this.isSymbol(...COMPARISON_OPERATORS)) {
      this.fail(
        `Comparisons cannot be chained: '${(this.peek() as { text: string }).text}' at position ${this.peek().start} follows another comparison; join them with 'and' or use parentheses`,
      );
    }
    return { type: 'binary', operator, left, right, start: left.start, end: right.end };
  }

  private parseAdditive(): Expr {
    let left = this.parseMultiplicative();
    while (this.isSymbol('+', '-')) {
      const operator = (this.advance() as { text: ArithmeticOperator }).text;
      const right = this.parseMultiplicative();
      left = { type: 'binary', operator, left, right, start: left.start, end: right.end };
    }
    return left;
  }

  private parseMultiplicative(): Expr {
    let left = this.parseNegate();
    while (this.isSymbol('*', '/', '%')) {
      const operator = (this.advance() as { text: ArithmeticOperator }).text;
      const right = this.parseNegate();
      left = { type: 'binary', operator, left, right, start: left.start, end: right.end };
    }
    return left;
  }

  private parseNegate(): Expr {
    if (!this.isSymbol('-')) return this.parsePrimary();
    const start = this.advance().start;
    const operand = this.parseNegate();
    if (operand.type === 'literal' && operand.kind === 'number') {
      // `-3` is a number, not an operation; `0 -` rather than `-` so that `-0` stays 0.
      return { type: 'literal', kind: 'number', value: 0 - operand.value, start, end: operand.end };
    }
    return { type: 'unary', operator: '-', operand, start, end: operand.end };
  }

  private parsePrimary(): Expr {
    const token = this.peek();
    switch (token.kind) {
      case 'number':
        this.advance();
        return { type: 'literal', kind: 'number', value: token.value, start: token.start, end: token.end };
      case 'string':
        this.advance();
        return { type: 'literal', kind: 'string', value: token.value, start: token.start, end: token.end };
      case 'date':
        this.advance();
        return { type: 'literal', kind: 'date', value: token.value, start: token.start, end: token.end };
      case 'word':
        return this.parseWord(token);
      case 'symbol':
        if (token.text === '(') return this.parseParenthesised(token.start);
        break;
      case 'end':
        break;
    }
    return this.fail(
      `Expected a value (a number, a 'string', a name such as order.Total, or '(') at position ${token.start} but found ${describe(token)}`,
    );
  }

  private parseParenthesised(open: number): Expr {
    this.advance();
    const inner = this.parseOr();
    if (!this.isSymbol(')')) {
      this.fail(`Expected ')' to close the '(' at position ${open} but found ${describe(this.peek())}`);
    }
    this.advance();
    return inner;
  }

  private parseWord(token: Extract<Token, { kind: 'word' }>): Expr {
    const { start, end } = token;
    switch (token.lower) {
      case 'true':
      case 'false':
        this.advance();
        return { type: 'literal', kind: 'boolean', value: token.lower === 'true', start, end };
      case 'null':
        this.advance();
        return { type: 'literal', kind: 'null', value: null, start, end };
      case 'and':
      case 'or':
      case 'not':
        return this.fail(`Unexpected '${token.text}' at position ${start}; expected a value before it`);
    }
    this.advance();
    // Segment spans, so a call's target can end where its last segment ends.
    const segments: { text: string; start: number; end: number }[] = [{ text: token.text, start, end }];
    while (this.isSymbol('.')) {
      this.advance();
      const next = this.peek();
      // After a dot any word is a property name, keywords included (`order.xp.Not`).
      if (next.kind !== 'word') {
        this.fail(
          `Expected a property or function name after '.' at position ${next.start} but found ${describe(next)}`,
        );
      }
      this.advance();
      segments.push({ text: next.text, start: next.start, end: next.end });
    }
    const last = segments[segments.length - 1] as (typeof segments)[number];
    if (!this.isSymbol('(')) {
      return { type: 'path', segments: segments.map((s) => s.text), start, end: last.end };
    }
    const targetSegments = segments.slice(0, -1);
    const target: PathExpr | null =
      targetSegments.length === 0
        ? null
        : {
            type: 'path',
            segments: targetSegments.map((s) => s.text),
            start,
            end: (targetSegments[targetSegments.length - 1] as (typeof segments)[number]).end,
          };
    const args = this.parseArguments(last.text);
    const close = this.advance();
    return { type: 'call', target, name: last.text.toLowerCase(), nameStart: last.start, args, start, end: close.end };
  }

  /** Reads `(a, b, ...)` up to, not including, the closing parenthesis. */
  private parseArguments(name: string): Expr[] {
    const open = this.advance().start;
    const args: Expr[] = [];
    if (this.isSymbol(')')) return args;
    for (;;) {
      args.push(this.parseOr());
      if (this.isSymbol(')')) return args;
      if (!this.isSymbol(',')) {
        this.fail(
          `Expected ',' or ')' in the arguments of ${name}( at position ${open} but found ${describe(this.peek())} at position ${this.peek().start}`,
        );
      }
      this.advance();
    }
  }
}
