/**
 * The platform's rule-expression language (Promotion.EligibleExpression / ValueExpression,
 * ApprovalRule and SellerApprovalRule RuleExpression): parse, print, validate, evaluate.
 * Pure TypeScript with no Node or DOM APIs, shared by the server and the web app.
 */
export type {
  ArithmeticOperator,
  BinaryExpr,
  BinaryOperator,
  CallExpr,
  ComparisonOperator,
  Expr,
  LiteralExpr,
  LogicalOperator,
  PathExpr,
  Span,
  UnaryExpr,
  UnaryOperator,
} from './ast.ts';
export { collectPaths, stripSpans, walkExpression } from './ast.ts';
export { ExpressionEvaluationError, type ExpressionError, type ExpressionErrorCode } from './errors.ts';
export { evaluateBoolean, evaluateExpression, evaluateNumber, type ExpressionContext } from './evaluate.ts';
export {
  FUNCTIONS,
  type ArgumentKind,
  type ExpressionKind,
  type FunctionId,
  type FunctionSpec,
  type ResultKind,
  type TargetKind,
} from './functions.ts';
export { parseExpression, type ParseResult } from './parser.ts';
export { printExpression } from './printer.ts';
export { validateExpression, type ValidateOptions } from './validate.ts';
export type { ExpressionValue } from './values.ts';
