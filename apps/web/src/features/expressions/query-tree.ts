// QUERY TREE
// The builder's shape of an expression: react-querybuilder's independent-combinator groups (`rules` alternates
// rule/group, combinator, rule/group, ...), with a group `operator` for the language's group functions
// (items.any(...), min(a, b), order.approved('id')). Spec 2 §5 "Operators, combinators, groups".

/** Which expression a builder edits; decides the group operators on offer. */
export type ExpressionType = 'Eligible' | 'Value' | 'Rule';

export type GroupOperator =
  | 'items.any'
  | 'items.all'
  | 'items.quantity'
  | 'items.count'
  | 'items.total'
  | 'min'
  | 'max'
  | 'order.approved'
  | 'orderReturn.approved';

export interface QueryRule {
  id?: string;
  field: string;
  operator: string;
  /** Text as typed (numbers and dates in their canonical text); a list for `in`. */
  value: string | string[];
}

export interface QueryGroup {
  id?: string;
  /** Alternating: an item, a combinator, an item, ... */
  rules: (QueryItem | string)[];
  not?: boolean;
  /** Absent: plain parentheses (or the whole expression at the top). */
  operator?: GroupOperator;
}

export type QueryItem = QueryRule | QueryGroup;

export function isGroup(item: QueryItem | string): item is QueryGroup {
  return typeof item === 'object' && 'rules' in item;
}

export function isRule(item: QueryItem | string): item is QueryRule {
  return typeof item === 'object' && !('rules' in item);
}

export const ITEMS_OPERATORS: readonly GroupOperator[] = [
  'items.any',
  'items.all',
  'items.quantity',
  'items.count',
  'items.total',
];
export const APPROVAL_OPERATORS: readonly GroupOperator[] = ['order.approved', 'orderReturn.approved'];

/** Group operators each expression type offers (spec 2 §5; Eligible, Value, Rule). */
export const GROUP_OPERATORS_BY_TYPE: Readonly<Record<ExpressionType, readonly GroupOperator[]>> = {
  Eligible: [...ITEMS_OPERATORS, 'min', 'max'],
  Value: ['items.quantity', 'items.count', 'items.total', 'min', 'max'],
  Rule: [...ITEMS_OPERATORS, ...APPROVAL_OPERATORS],
};

export const GROUP_OPERATOR_LABELS: Readonly<Record<GroupOperator, string>> = {
  'items.any': 'Any line item (items.any)',
  'items.all': 'All line items (items.all)',
  'items.quantity': 'Quantity of line items (items.quantity)',
  'items.count': 'Count of line items (items.count)',
  'items.total': 'Total of line items (items.total)',
  min: 'Lower of two (min)',
  max: 'Higher of two (max)',
  'order.approved': 'Order approved (order.approved)',
  'orderReturn.approved': 'Order return approved (orderReturn.approved)',
};

export const LOGICAL_COMBINATORS = ['and', 'or'] as const;
export const ARITHMETIC_COMBINATORS = ['+', '-', '*', '/', '%'] as const;
export const COMPARISON_COMBINATORS = ['=', '<>', '<', '>', '<=', '>='] as const;
/** Joins the two members of a min or max group. */
export const COMMA = ',';

/** Every combinator between siblings with what the user reads (spec 2 §5: and, or, add, ..., comparison ones). */
export const COMBINATORS: readonly { name: string; label: string }[] = [
  { name: 'and', label: 'and' },
  { name: 'or', label: 'or' },
  { name: '+', label: 'add (+)' },
  { name: '-', label: 'subtract (-)' },
  { name: '*', label: 'multiply (*)' },
  { name: '/', label: 'divide (/)' },
  { name: '%', label: 'modulo (%)' },
  { name: '=', label: 'equals (=)' },
  { name: '<>', label: 'not equal (<>)' },
  { name: '<', label: 'less than (<)' },
  { name: '>', label: 'greater than (>)' },
  { name: '<=', label: 'at most (<=)' },
  { name: '>=', label: 'at least (>=)' },
  { name: COMMA, label: 'comma (,)' },
];

export function isMinMax(group: QueryGroup): boolean {
  return group.operator === 'min' || group.operator === 'max';
}

export function isApprovalGroup(group: QueryGroup): boolean {
  return group.operator !== undefined && APPROVAL_OPERATORS.includes(group.operator);
}

export function isItemsGroup(group: QueryGroup): boolean {
  return group.operator !== undefined && ITEMS_OPERATORS.includes(group.operator);
}

/** How many members (rules or groups) a group may hold: two for min/max, one approval rule id. */
export function memberLimit(group: QueryGroup): number {
  if (isMinMax(group)) return 2;
  if (isApprovalGroup(group)) return 1;
  return Infinity;
}

export function membersOf(group: QueryGroup): QueryItem[] {
  return group.rules.filter((entry): entry is QueryItem => typeof entry !== 'string');
}

/** The tree without react-querybuilder's ids and paths: two trees mean the same when these are deep-equal. */
export function withoutIds(group: QueryGroup): QueryGroup {
  const strip = (entry: QueryItem | string): QueryItem | string => {
    if (typeof entry === 'string') return entry;
    if (isGroup(entry)) return withoutIds(entry);
    return { field: entry.field, operator: entry.operator, value: entry.value };
  };
  const out: QueryGroup = { rules: group.rules.map(strip) };
  if (group.not) out.not = true;
  if (group.operator) out.operator = group.operator;
  return out;
}

/** A fresh empty tree (the whole expression). */
export function emptyQuery(): QueryGroup {
  return { rules: [] };
}

let nextId = 0;
/** Gives every rule and group an id, as react-querybuilder's validation map and rendering key on them. */
export function withIds(group: QueryGroup): QueryGroup {
  const id = () => `q${(nextId += 1)}`;
  const visit = (entry: QueryItem | string): QueryItem | string => {
    if (typeof entry === 'string') return entry;
    if (isGroup(entry)) return withIds(entry);
    return { ...entry, id: entry.id ?? id() };
  };
  return { ...group, id: group.id ?? id(), rules: group.rules.map(visit) };
}

/** The tree with the group at `path` (indexes into `rules`, as react-querybuilder's paths) replaced. */
export function updateGroupAt(
  group: QueryGroup,
  path: readonly number[],
  update: (group: QueryGroup) => QueryGroup,
): QueryGroup {
  const [index, ...rest] = path;
  if (index === undefined) return update(group);
  return {
    ...group,
    rules: group.rules.map((entry, position) =>
      position === index && typeof entry !== 'string' && isGroup(entry) ? updateGroupAt(entry, rest, update) : entry,
    ),
  };
}

/** Sets a group's operator; min and max join their members with a comma, other groups with 'and'. */
export function setGroupOperator(group: QueryGroup, operator: GroupOperator | ''): QueryGroup {
  const { operator: _previous, ...rest } = group;
  const next: QueryGroup = operator === '' ? rest : { ...rest, operator };
  const minMax = isMinMax(next);
  return {
    ...next,
    rules: next.rules.map((entry, index) => {
      if (index % 2 === 0 || typeof entry !== 'string') return entry;
      if (minMax) return COMMA;
      return entry === COMMA ? 'and' : entry;
    }),
  };
}
