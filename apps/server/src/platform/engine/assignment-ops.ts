import { assignmentKind, type AssignmentDefinition, type OperationContext } from '../resources/types.ts';
import type { Item } from './item.ts';
import { inModelOrder } from './crud.ts';
import { ApiError, validation } from './errors.ts';
import { pathParams } from './ids.ts';
import { listPage, parseListQuery, type ListPage } from './list-query.ts';
import type { Match } from './store.ts';
import { validateBody, withDefaults } from './validate.ts';

const parentsOf = (path: string, params: Readonly<Record<string, string>>) =>
  pathParams(path).map((name) => params[name] ?? '');

/** A query-string value typed like the field it filters (`isShipping=true` is a boolean). */
function typed(assignment: AssignmentDefinition, field: string, raw: string): string | number | boolean {
  const type = assignment.model.fields[field]?.type;
  if (type === 'boolean') return raw.toLowerCase() === 'true';
  if ((type === 'integer' || type === 'number') && raw !== '' && !Number.isNaN(Number(raw))) return Number(raw);
  return raw;
}

const LEVELS = ['User', 'Group', 'Company'];

function levelOf(item: Item): string {
  if (item.UserID) return 'User';
  if (item.UserGroupID) return 'Group';
  return 'Company';
}

const COMMERCE_ROLES = ['Buyer', 'Seller', 'Supplier'];

/** Whose users an assignment reaches: a buyer's, a supplier's, or the marketplace's own (Seller). */
function commerceRoleOf(item: Item): string {
  if (item.BuyerID) return 'Buyer';
  if (item.SupplierID) return 'Supplier';
  return 'Seller';
}

/** A `level` or `commerceRole` parameter, checked against its values; undefined when not given. */
function choice(context: OperationContext, name: string, allowed: readonly string[]): string | undefined {
  const raw = context.query[name];
  const value = Array.isArray(raw) ? raw.at(-1) : raw;
  if (value === undefined || value === '') return undefined;
  const found = allowed.find((option) => option.toLowerCase() === value.toLowerCase());
  if (!found) throw validation(`${name} must be one of ${allowed.join(', ')}.`, { [name]: value }, 'List.InvalidType');
  return found;
}

export async function listAssignments(context: OperationContext, assignment: AssignmentDefinition): Promise<ListPage> {
  const parents = parentsOf(assignment.path, context.params);
  const { page, pageSize } = parseListQuery({ page: context.query.page, pageSize: context.query.pageSize });
  const match: Record<string, string | number | boolean> = {};
  for (const [param, field] of Object.entries(assignment.listFilters)) {
    const raw = context.query[param];
    const value = Array.isArray(raw) ? raw.at(-1) : raw;
    if (value !== undefined && value !== '') match[field] = typed(assignment, field, value);
  }
  const level = choice(context, 'level', LEVELS);
  const role = assignment.commerceRole ? choice(context, 'commerceRole', COMMERCE_ROLES) : undefined;
  if (level || role) {
    // Neither is a stored field: the matching assignments are narrowed and paged here.
    const all = await context.store.findAssignments(assignmentKind(assignment), parents, match);
    const kept = all.filter((item) => (!level || levelOf(item) === level) && (!role || commerceRoleOf(item) === role));
    return presentPage(
      context,
      assignment,
      listPage(kept.slice((page - 1) * pageSize, page * pageSize), kept.length, { page, pageSize }),
    );
  }
  return presentPage(
    context,
    assignment,
    await context.store.listAssignments(assignmentKind(assignment), parents, match, page, pageSize),
  );
}

async function presentPage(
  context: OperationContext,
  assignment: AssignmentDefinition,
  page: ListPage,
): Promise<ListPage> {
  page.Items = page.Items.map((item) => inModelOrder(assignment.model, item));
  const present = assignment.hooks?.present;
  if (present) page.Items = await Promise.all(page.Items.map((item) => present(item, context)));
  return page;
}

export async function saveAssignment(context: OperationContext, assignment: AssignmentDefinition): Promise<void> {
  const parents = parentsOf(assignment.path, context.params);
  const { value, errors } = validateBody(context.registry, assignment.model, context.body, {
    required: assignment.requiredOnCreate,
    previous: undefined,
  });
  if (errors.length > 0) throw ApiError.many(400, errors);
  const item = withDefaults(assignment.model, value);
  // Party assignments name one party; memberships (a user in a group) are not party assignments.
  if (assignment.parties && item.UserID && item.UserGroupID) {
    throw validation(
      'Give either a UserID or a UserGroupID, not both.',
      null,
      'PartyAssignment.CannotSpecifyGroupAndUser',
    );
  }
  if (item.UserID && assignment.parties && !assignment.parties.user) {
    throw validation(`A ${assignment.noun} cannot be made to a single user.`, { Property: 'UserID' });
  }
  if (item.UserGroupID && assignment.parties && !assignment.parties.group) {
    throw validation(`A ${assignment.noun} cannot be made to a user group.`, { Property: 'UserGroupID' });
  }
  await context.store.transaction(async (store) => {
    await assignment.hooks?.beforeSave?.(item, { ...context, store });
    for (const [field, reference] of Object.entries(assignment.references)) {
      const target = item[field];
      if (target === null || target === undefined || target === '') continue;
      const referenceParents = (reference.parentFrom ?? []).map((name) =>
        String(context.params[name] ?? item[name] ?? ''),
      );
      await store.require(reference.resource, referenceParents, String(target));
    }
    await store.saveAssignment(assignmentKind(assignment), parents, assignment.key, item);
  });
}

export async function deleteAssignment(context: OperationContext, assignment: AssignmentDefinition): Promise<void> {
  const parents = parentsOf(assignment.path, context.params);
  const match: Record<string, string | null> = {};
  // Key fields not named in the request must be empty: deleting a buyer-level assignment leaves
  // the group- and user-level ones of the same product alone.
  for (const field of assignment.key) match[field] = null;
  for (const [param, field] of Object.entries(assignment.deleteParams)) match[field] = context.params[param] ?? null;
  for (const [param, field] of Object.entries(assignment.deleteQuery ?? {})) {
    const raw = context.query[param];
    const value = Array.isArray(raw) ? raw.at(-1) : raw;
    if (value) match[field] = value;
  }
  await context.store.deleteAssignments(assignmentKind(assignment), parents, match as Match);
}
