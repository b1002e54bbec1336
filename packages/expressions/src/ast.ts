/** Where a node sits in the source text: `start` inclusive, `end` exclusive, both 0-based. */
export interface Span {
  start: number;
  end: number;
}

/**
 * A literal. Negative numbers are literals too (`-3` is folded at parse time), so the printer
 * and the parser agree on one shape for them. Date literals keep their instant as an ISO 8601
 * UTC string, which keeps the tree plain JSON.
 */
export type LiteralExpr = Span & { type: 'literal' } & (
    | { kind: 'number'; value: number }
    | { kind: 'string'; value: string }
    | { kind: 'boolean'; value: boolean }
    | { kind: 'null'; value: null }
    | { kind: 'date'; value: string }
  );

/** A dotted name as written (`order.xp.Tags`, `ProductID`); segments keep their spelling. */
export interface PathExpr extends Span {
  type: 'path';
  segments: string[];
}

export type UnaryOperator = 'not' | '-';

export interface UnaryExpr extends Span {
  type: 'unary';
  operator: UnaryOperator;
  operand: Expr;
}

export type LogicalOperator = 'or' | 'and';
export type ComparisonOperator = '=' | '<>' | '<' | '>' | '<=' | '>=';
export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';
export type BinaryOperator = LogicalOperator | ComparisonOperator | ArithmeticOperator;

export interface BinaryExpr extends Span {
  type: 'binary';
  operator: BinaryOperator;
  left: Expr;
  right: Expr;
}

/**
 * A function call. `target` is the path before the function name (`items` in `items.any(...)`,
 * `item.product` in `item.product.incategory(...)`), or null for free functions (`min`, `now`).
 * `name` is lower-cased: function names are case-insensitive and this keeps one spelling.
 */
export interface CallExpr extends Span {
  type: 'call';
  target: PathExpr | null;
  name: string;
  /** Offset of the function name, for messages about it. */
  nameStart: number;
  args: Expr[];
}

export type Expr = LiteralExpr | PathExpr | UnaryExpr | BinaryExpr | CallExpr;

export const COMPARISON_OPERATORS: readonly ComparisonOperator[] = ['=', '<>', '<', '>', '<=', '>='];

/** Binding strength, weakest first; used by the parser and by the printer to place parentheses. */
export const PRECEDENCE = {
  or: 1,
  and: 2,
  not: 3,
  comparison: 4,
  additive: 5,
  multiplicative: 6,
  negate: 7,
  primary: 8,
} as const;

export function binaryPrecedence(operator: BinaryOperator): number {
  switch (operator) {
    case 'or':
      return PRECEDENCE.or;
    case 'and':
      return PRECEDENCE.and;
    case '+':
    case '-':
      return PRECEDENCE.additive;
    case '*':
    case '/':
    case '%':
      return PRECEDENCE.multiplicative;
    default:
      return PRECEDENCE.comparison;
  }
}

export function precedenceOf(expr: Expr): number {
  switch (expr.type) {
    case 'binary':
      return binaryPrecedence(expr.operator);
    case 'unary':
      return expr.operator === 'not' ? PRECEDENCE.not : PRECEDENCE.negate;
    case 'literal':
      // A negative literal prints with a leading minus, so it binds like a negation.
      return expr.kind === 'number' && (expr.value < 0 || Object.is(expr.value, -0))
        ? PRECEDENCE.negate
        : PRECEDENCE.primary;
    default:
      return PRECEDENCE.primary;
  }
}

/** The tree without source offsets: two expressions mean the same when these are deep-equal. */
export function stripSpans(expr: Expr): unknown {
  switch (expr.type) {
    case 'literal':
      return { type: 'literal', kind: expr.kind, value: expr.value };
    case 'path':
      return { type: 'path', segments: [...expr.segments] };
    case 'unary':
      return { type: 'unary', operator: expr.operator, operand: stripSpans(expr.operand) };
    case 'binary':
      return { type: 'binary', operator: expr.operator, left: stripSpans(expr.left), right: stripSpans(expr.right) };
    case 'call':
      return {
        type: 'call',
        target: expr.target ? stripSpans(expr.target) : null,
        name: expr.name,
        args: expr.args.map(stripSpans),
      };
  }
}

/**
 * Visits every node depth-first, parents before children. Call targets are visited as path
 * nodes. Returning false from `visit` skips that node's children.
 */
export function walkExpression(expr: Expr, visit: (node: Expr, parents: readonly Expr[]) => void | boolean): void {
  const parents: Expr[] = [];
  const go = (node: Expr): void => {
    if (visit(node, parents) === false) return;
    parents.push(node);
    for (const child of childrenOf(node)) go(child);
    parents.pop();
  };
  go(expr);
}

export function childrenOf(expr: Expr): Expr[] {
  switch (expr.type) {
    case 'unary':
      return [expr.operand];
    case 'binary':
      return [expr.left, expr.right];
    case 'call':
      return expr.target ? [expr.target, ...expr.args] : [...expr.args];
    default:
      return [];
  }
}

/** The dotted paths an expression mentions, call targets included, each once, in order of appearance. */
export function collectPaths(expr: Expr): string[] {
  const seen = new Set<string>();
  walkExpression(expr, (node) => {
    if (node.type === 'path') seen.add(node.segments.join('.'));
  });
  return [...seen];
}
