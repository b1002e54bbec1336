/**
 * The platform's rule-expression language (Promotion.EligibleExpression / ValueExpression,
 * ApprovalRule and SellerApprovalRule RuleExpression): parse, print, validate, evaluate; and the rules on an
 * order (promotion eligibility and amounts, approval rules, and why a condition does not hold).
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
export {
  approvalRuleHolds,
  categoriesWithAncestors,
  conditionHolds,
  resultHolds,
  roundCents,
  roundMoney,
  ruleContext,
  undiscountedOrder,
  usesParentCategories,
  type ProductCategories,
  type RuleSubject,
  type Truth,
} from './rules.ts';
export {
  evaluatePromotion,
  promotionHolds,
  sortLines,
  wholeOrderRoom,
  type DiscountRoom,
  type PromotionOutcome,
  type PromotionRules,
} from './promotions.ts';
export {
  describeExplanation,
  describeValue,
  explainApprovalRule,
  explainCondition,
  explainPromotion,
  type EligibilityExplanation,
  type Explanation,
  type LineExplanation,
  type ShownValue,
  type UnmetCondition,
} from './explain.ts';
