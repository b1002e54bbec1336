import { findField, takesValue, type ExpressionField } from './expression-fields';
import { literalKind, literalOf } from './expression-paths';
import {
  ARITHMETIC_COMBINATORS,
  COMMA,
  COMPARISON_COMBINATORS,
  isApprovalGroup,
  isGroup,
  isItemsGroup,
  isMinMax,
  LOGICAL_COMBINATORS,
  type QueryGroup,
  type QueryItem,
  type QueryRule,
} from './query-tree';

// QUERY VALIDATION
// The builder's checks, each message word for word from spec 2 §5 "Expression queries", reported at the rule
// or group it is about (keyed by react-querybuilder's id). Save is enabled only when there are none.

export const MESSAGES = {
  emptyGroup: 'Groups must have at least one rule',
  combinator: 'Invalid independent combinator',
  min: 'Min must have exactly two rules',
  max: 'Max must have exactly two rules',
  lineItemFields:
    'LineItems, Products, Variants, and ShippingAddresses must use the line item group operators OR promotion must be set to line item level',
  itemsOperatorFields:
    'The line item group operators can only be used with LineItem, Product, Variant, and ShippingAddress fields',
  costCenter: 'The Cost Center field can only be used in conjunction with line item group operators',
  orderOperatorFields: 'The order group operators can only be used with Approval Rules or Seller Approval Rules',
  approvalRuleFields:
    'Approval Rules or Seller Approval Rules can only be used in combination with the order approved or order return approved group operators',
  operator: 'Rule must have an operator',
  value: 'Rule must have a value',
} as const;

export interface ValidationOptions {
  /** A line-item-level promotion: line item fields may stand outside the line item group operators. */
  readonly lineItemLevel: boolean;
}

/** Reasons by rule or group id; an id that is absent (or maps to []) is valid. */
export type QueryValidation = Map<string, string[]>;

interface Context {
  readonly insideItems: boolean;
  readonly insideApproval: boolean;
}

const LINE_ITEM_MODELS = ['LineItem', 'Product', 'Variant', 'ShippingAddress'];

const BINARY: readonly string[] = [...LOGICAL_COMBINATORS, ...ARITHMETIC_COMBINATORS, ...COMPARISON_COMBINATORS];
const isComparison = (combinator: string) => (COMPARISON_COMBINATORS as readonly string[]).includes(combinator);

class Validator {
  readonly reasons: QueryValidation = new Map();

  constructor(
    private readonly fields: readonly ExpressionField[],
    private readonly options: ValidationOptions,
  ) {}

  private report(item: QueryItem, message: string) {
    const id = item.id ?? '';
    const list = this.reasons.get(id) ?? [];
    if (!list.includes(message)) list.push(message);
    this.reasons.set(id, list);
  }

  private combinatorsValid(group: QueryGroup): boolean {
    const minMax = isMinMax(group);
    let comparisons = 0;
    for (const [index, entry] of group.rules.entries()) {
      const expectCombinator = index % 2 === 1;
      if (expectCombinator !== (typeof entry === 'string')) return false;
      if (typeof entry !== 'string') continue;
      if (minMax ? entry !== COMMA : !BINARY.includes(entry)) return false;
      // Comparisons do not chain in the language (`a < b < c` means nothing).
      if (isComparison(entry) && ++comparisons > 1) return false;
    }
    return group.rules.length === 0 || group.rules.length % 2 === 1;
  }

  group(group: QueryGroup, context: Context) {
    const members = group.rules.filter((entry): entry is QueryItem => typeof entry !== 'string');
    if (members.length === 0) this.report(group, MESSAGES.emptyGroup);
    if (!this.combinatorsValid(group)) this.report(group, MESSAGES.combinator);
    if (group.operator === 'min' && members.length !== 2) this.report(group, MESSAGES.min);
    if (group.operator === 'max' && members.length !== 2) this.report(group, MESSAGES.max);
    const rules = rulesUnder(group);
    if (isItemsGroup(group)) {
      const allowed = [...LINE_ITEM_MODELS, 'CostCenter', 'Value'];
      if (rules.some((rule) => !allowed.includes(this.modelOf(rule) ?? ''))) {
        this.report(group, MESSAGES.itemsOperatorFields);
      }
    }
    if (isApprovalGroup(group)) {
      const approval = ['ApprovalRule', 'SellerApprovalRule'];
      if (rules.some((rule) => !approval.includes(this.modelOf(rule) ?? ''))) {
        this.report(group, MESSAGES.orderOperatorFields);
      }
    }
    const inner: Context = {
      insideItems: context.insideItems || isItemsGroup(group),
      insideApproval: context.insideApproval || isApprovalGroup(group),
    };
    for (const member of members) {
      if (isGroup(member)) this.group(member, inner);
      else this.rule(member, inner);
    }
  }

  private modelOf(rule: QueryRule): string | undefined {
    return findField(this.fields, rule.field)?.model;
  }

  rule(rule: QueryRule, context: Context) {
    const field = findField(this.fields, rule.field);
    const model = field?.model;
    if (model && LINE_ITEM_MODELS.includes(model) && !context.insideItems && !this.options.lineItemLevel) {
      this.report(rule, MESSAGES.lineItemFields);
    }
    if (model === 'CostCenter' && !context.insideItems) this.report(rule, MESSAGES.costCenter);
    if ((model === 'ApprovalRule' || model === 'SellerApprovalRule') && !context.insideApproval) {
      this.report(rule, MESSAGES.approvalRuleFields);
    }
    if (!rule.operator) this.report(rule, MESSAGES.operator);
    const needsValue = model === 'Value' || (rule.operator !== '' && takesValue(rule.operator));
    if (needsValue && (isEmptyValue(rule.value) || (field && !readable(field, rule)))) {
      this.report(rule, MESSAGES.value);
    }
  }
}

/** Whether every value of the rule reads as a literal of its kind (a number field's text is a number, ...). */
function readable(field: ExpressionField, rule: QueryRule): boolean {
  const kind = literalKind(field, rule.operator);
  const values = Array.isArray(rule.value) ? rule.value : [rule.value];
  return values.every((value) => typeof value === 'string' && literalOf(kind, value) !== null);
}

function isEmptyValue(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0 || value.every((entry) => String(entry).trim() === '');
  return value === undefined || value === null || String(value).trim() === '';
}

/** Every rule in a group and its nested groups. */
function rulesUnder(group: QueryGroup): QueryRule[] {
  return group.rules.flatMap((entry) => {
    if (typeof entry === 'string') return [];
    return isGroup(entry) ? rulesUnder(entry) : [entry];
  });
}

/** Every §5 reason, by the id of the rule or group it concerns. */
export function validateQuery(
  query: QueryGroup,
  fields: readonly ExpressionField[],
  options: ValidationOptions,
): QueryValidation {
  const validator = new Validator(fields, options);
  validator.group(query, { insideItems: false, insideApproval: false });
  return validator.reasons;
}

export function isQueryValid(validation: QueryValidation): boolean {
  return [...validation.values()].every((reasons) => reasons.length === 0);
}
