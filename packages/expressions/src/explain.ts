import type { Expr } from './ast.ts';
import { ExpressionEvaluationError } from './errors.ts';
import { evaluateExpression, type ExpressionContext } from './evaluate.ts';
import { parseExpression } from './parser.ts';
import { printExpression } from './printer.ts';
import type { PromotionRules } from './promotions.ts';
import { resultHolds, ruleContext, type RuleSubject, type Truth } from './rules.ts';
import { isTrue, type ExpressionValue } from './values.ts';

// EXPLAIN
// Why a condition does not hold on an order: the evaluator run again on the parts of the expression, down the
// `and`s to the first part that is not true, with what its paths and calls come to on this order. It answers
// exactly when `conditionHolds` says no (same parse, same evaluation, same truth), so the live preview's 'why'
// and the platform's 'no' cannot disagree.

/** A path or call of the unmet part and its value on the order. */
export interface ShownValue {
  /** As printed, e.g. `order.Subtotal`. */
  readonly text: string;
  readonly value: ExpressionValue;
}

/** The first part of a condition that does not hold. */
export interface UnmetCondition {
  /** As printed (canonical text), e.g. `order.Subtotal > 100`. */
  readonly text: string;
  /** What the paths and calls it compares come to on the order (a few at most). */
  readonly values: readonly ShownValue[];
}

export type Explanation =
  | { readonly holds: true }
  | { readonly holds: false; readonly unmet: UnmetCondition }
  /** Blank, unreadable or failing while running: such a condition never holds. */
  | { readonly holds: false; readonly problem: string };

/** At most this many values are shown for one unmet part. */
const MAX_VALUES = 4;

/** Explains a condition on a context; `holds` is what `conditionHolds` answers for the same arguments. */
export function explainCondition(expression: unknown, context: ExpressionContext, truth: Truth): Explanation {
  if (typeof expression !== 'string' || expression.trim() === '') {
    return { holds: false, problem: 'The expression is empty.' };
  }
  const parsed = parseExpression(expression);
  if (!parsed.ok) return { holds: false, problem: `The expression cannot be read: ${parsed.error.message}.` };
  let value: ExpressionValue;
  try {
    value = evaluateExpression(parsed.ast, context);
  } catch (error) {
    const message = error instanceof ExpressionEvaluationError ? error.error.message : String(error);
    return { holds: false, problem: `The expression fails on this order: ${message}.` };
  }
  if (resultHolds(value, truth)) return { holds: true };
  const unmet = unmetPart(parsed.ast, context);
  return { holds: false, unmet: { text: printExpression(unmet), values: valuesIn(unmet, context) } };
}

/**
 * Down an `and` to the side that is not true, the left one first as evaluation goes. Parts are evaluated at the
 * top, where the whole was: no part below a function call (whose scope differs) is ever taken apart. Evaluating
 * a side cannot throw here, since the whole expression ran through it without throwing.
 */
function unmetPart(node: Expr, context: ExpressionContext): Expr {
  if (node.type !== 'binary' || node.operator !== 'and') return node;
  const leftHolds = isTrue(evaluateExpression(node.left, context));
  return unmetPart(leftHolds ? node.right : node.left, context);
}

/** The operands worth showing in a part: compared paths, calls and sums, and bare paths standing as conditions. */
function operandsIn(node: Expr): Expr[] {
  switch (node.type) {
    case 'path':
      return [node];
    case 'unary':
      return node.operator === 'not' ? operandsIn(node.operand) : [];
    case 'binary':
      if (node.operator === 'and' || node.operator === 'or')
        return [...operandsIn(node.left), ...operandsIn(node.right)];
      return [node.left, node.right].filter((side) => side.type !== 'literal');
    default:
      return [];
  }
}

function valuesIn(node: Expr, context: ExpressionContext): ShownValue[] {
  const shown = new Map<string, ExpressionValue>();
  for (const operand of operandsIn(node)) {
    const text = printExpression(operand);
    if (shown.has(text) || shown.size >= MAX_VALUES) continue;
    try {
      shown.set(text, evaluateExpression(operand, context));
    } catch {
      // A side of an `or` that never ran may fail on its own; it is simply not shown.
    }
  }
  return [...shown].map(([text, value]) => ({ text, value }));
}

/** A value as a person reads it: text quoted, a missing value as 'empty', lists and objects shortened. */
export function describeValue(value: ExpressionValue): string {
  if (value === null) return 'empty';
  if (typeof value === 'string') return `'${value}'`;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const json = JSON.stringify(value);
    return json.length > 80 ? `${json.slice(0, 79)}…` : json;
  }
  return String(value);
}

/**
 * One sentence for an explanation, e.g. `order.Subtotal > 100 does not hold (order.Subtotal is 45.5).`
 *
 * @example
 * describeExplanation(explainCondition('order.Total > 5', context, 'true-only'));
 */
export function describeExplanation(explanation: Explanation): string {
  if (explanation.holds) return 'The condition holds.';
  if ('problem' in explanation) return explanation.problem;
  const { text, values } = explanation.unmet;
  const shown = values.map((entry) => `${entry.text} is ${describeValue(entry.value)}`).join(', ');
  return `${text} does not hold${shown ? ` (${shown})` : ''}.`;
}

/** Why a line item does not qualify for a line-item-level promotion. */
export interface LineExplanation {
  readonly lineId: string;
  readonly explanation: Explanation;
}

export type EligibilityExplanation =
  | { readonly eligible: true }
  /** An order-level promotion: why its Eligible expression does not hold on the order. */
  | { readonly eligible: false; readonly order: Explanation }
  /** A line-item-level promotion: why each line does not qualify. */
  | { readonly eligible: false; readonly lines: readonly LineExplanation[] };

/** Whether a promotion is eligible on the order and, when not, why; `eligible` is `evaluatePromotion`'s. */
export function explainPromotion(promotion: PromotionRules, subject: RuleSubject): EligibilityExplanation {
  const explain = (item?: Record<string, unknown>) =>
    explainCondition(promotion.EligibleExpression, ruleContext(subject, item), 'true-or-text');
  if (promotion.LineItemLevel !== true) {
    const order = explain();
    return order.holds ? { eligible: true } : { eligible: false, order };
  }
  const lines = subject.items.map((line) => ({ lineId: String(line.ID), explanation: explain(line) }));
  return lines.some((line) => line.explanation.holds) ? { eligible: true } : { eligible: false, lines };
}

/** Whether an approval rule holds on the order and, when not, why; `holds` is `approvalRuleHolds`'s. */
export function explainApprovalRule(expression: unknown, subject: RuleSubject): Explanation {
  return explainCondition(expression, ruleContext(subject), 'true-only');
}
