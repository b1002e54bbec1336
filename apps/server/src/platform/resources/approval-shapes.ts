import { parentChecked, withoutStorageId } from '../orders/operation-helpers.ts';
import { date, enumOf, model, readOnly, text, type FieldSchema, type ModelDefinition } from './fields.ts';
import type { ApiRole } from './roles.ts';
import type { OperationContext, ResourceDefinition } from './types.ts';

/**
 * The status of an order or order return and the dates of its steps, all kept by the platform:
 * both go Unsubmitted, then through approval to Open, and end Canceled, Declined or Completed.
 */
export function statusFields(): Record<string, FieldSchema> {
  return {
    Status: readOnly(enumOf('OrderStatus')),
    DateCreated: readOnly(date()),
    DateSubmitted: readOnly(date()),
    DateApproved: readOnly(date()),
    DateDeclined: readOnly(date()),
    DateCanceled: readOnly(date()),
    DateCompleted: readOnly(date()),
    LastUpdated: readOnly(date()),
  };
}

/** What an approval of an order or order return shows: the rule and group it came from and its outcome. */
export function approvalFields(): Record<string, FieldSchema> {
  return {
    ApprovalRuleID: readOnly(text()),
    ApprovingGroupID: readOnly(text()),
    Status: readOnly(enumOf('ApprovalStatus')),
    DateCreated: readOnly(date()),
    DateCompleted: readOnly(date()),
    Approver: readOnly(model('User')),
    Comments: readOnly(text(2000)),
  };
}

interface ApprovalsOptions {
  /** Storage name, e.g. `OrderApprovals`. */
  name: string;
  /** The resource the list is published under, as `{owner}.ListApprovals`. */
  owner: string;
  description: string;
  /** Singular noun; the plural adds an `s`. */
  noun: string;
  /** List path, under the item path of the owner. */
  path: string;
  model: ModelDefinition;
  /** Who may list them (writing is the platform's, on behalf of order admins). */
  read: readonly ApiRole[];
  scopeParams?: readonly string[];
  /** Throws (404) when the caller may not see the order or return the approvals belong to. */
  requireParent(context: OperationContext): Promise<unknown>;
}

/**
 * The approvals of an order or order return: one per approval rule that held when it was
 * submitted, written by the approval logic and only listed through the API.
 */
export function approvalsResource(options: ApprovalsOptions): ResourceDefinition {
  return {
    name: options.name,
    section: 'OrdersAndFulfillment',
    description: options.description,
    noun: { singular: options.noun, plural: `${options.noun}s` },
    path: options.path,
    ...(options.scopeParams ? { scopeParams: options.scopeParams } : {}),
    model: options.model,
    requiredOnCreate: [],
    roles: { read: options.read, write: ['OrderAdmin'] },
    operations: ['List'],
    operationOwner: options.owner,
    operationNames: { List: 'ListApprovals' },
    searchable: ['ApprovalRuleID', 'ApprovingGroupID', 'Comments'],
    sortable: ['DateCreated', 'ApprovalRuleID', 'ApprovingGroupID', 'Status', 'DateCompleted'],
    hooks: {
      listScope: parentChecked(options.requireParent),
      present: async (item) => withoutStorageId(item),
    },
  };
}
