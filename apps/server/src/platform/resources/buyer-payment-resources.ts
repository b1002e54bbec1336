import { bool, date, decimal, defineModel, id, readOnly, text, xp } from './fields.ts';
import type { ResourceDefinition } from './types.ts';
import { buyerPartyAssignment } from './user-rules.ts';
import { assertValidExpression } from '../orders/rule-expressions.ts';

export const costCenterModel = defineModel('CostCenter', {
  ID: id(),
  Name: text(100),
  Description: text(2000),
  xp: xp(),
});

/** CostCenterAssignment: cost centers go to a whole buyer or to user groups, never to single users. */
export const costCenterAssignmentModel = defineModel('CostCenterAssignment', {
  CostCenterID: text(),
  UserGroupID: text(),
});

/** CreditCard: a stored card reference; the platform keeps a token and the last digits, never the number. */
export const creditCardModel = defineModel('CreditCard', {
  ID: id(),
  Token: text(100),
  DateCreated: readOnly(date()),
  CardType: text(),
  PartialAccountNumber: text(5),
  CardholderName: text(),
  ExpirationDate: date(),
  xp: xp(),
});

export const creditCardAssignmentModel = defineModel('CreditCardAssignment', {
  CreditCardID: text(),
  UserID: text(),
  UserGroupID: text(),
});

export const spendingAccountModel = defineModel('SpendingAccount', {
  ID: id(),
  Name: text(100),
  Balance: decimal(),
  AllowAsPaymentMethod: bool(),
  StartDate: date(),
  EndDate: date(),
  xp: xp(),
});

/** SpendingAccountAssignment: AllowExceed lets the party spend beyond the balance. */
export const spendingAccountAssignmentModel = defineModel('SpendingAccountAssignment', {
  SpendingAccountID: text(),
  UserID: text(),
  UserGroupID: text(),
  AllowExceed: bool(),
});

/** ApprovalRule: orders matching RuleExpression wait for a member of ApprovingGroupID to approve them. */
export const approvalRuleModel = defineModel('ApprovalRule', {
  ID: id(),
  Name: text(100),
  Description: text(2000),
  ApprovingGroupID: text(),
  RuleExpression: text(400),
  xp: xp(),
});

const costCenters: ResourceDefinition = {
  name: 'CostCenters',
  section: 'BuyersAndSuppliers',
  description: 'Accounting codes a buyer can put on line items to split spending between departments.',
  noun: { singular: 'cost center', plural: 'cost centers' },
  path: '/buyers/{buyerID}/costcenters',
  idParam: 'costCenterID',
  model: costCenterModel,
  requiredOnCreate: ['Name'],
  roles: { read: ['CostCenterAdmin', 'CostCenterReader'], write: ['CostCenterAdmin'] },
  searchable: ['ID', 'Name', 'Description'],
  sortable: ['Name', 'ID'],
  assignments: [
    buyerPartyAssignment({
      model: costCenterAssignmentModel,
      resource: 'CostCenters',
      idField: 'CostCenterID',
      idParam: 'costCenterID',
      segment: 'costcenters',
      users: false,
      roles: { read: ['CostCenterAdmin', 'CostCenterReader'], write: ['CostCenterAdmin'] },
      noun: 'cost center assignment',
    }),
  ],
};

const creditCards: ResourceDefinition = {
  name: 'CreditCards',
  section: 'BuyersAndSuppliers',
  description: 'Payment cards a buyer shares with its users and groups.',
  noun: { singular: 'credit card', plural: 'credit cards' },
  path: '/buyers/{buyerID}/creditcards',
  idParam: 'creditCardID',
  model: creditCardModel,
  requiredOnCreate: [],
  roles: { read: ['CreditCardAdmin', 'CreditCardReader'], write: ['CreditCardAdmin'] },
  searchable: ['ID', 'CardholderName', 'CardType', 'ExpirationDate'],
  sortable: ['ID', 'CardholderName', 'CardType', 'ExpirationDate', 'DateCreated'],
  assignments: [
    buyerPartyAssignment({
      model: creditCardAssignmentModel,
      resource: 'CreditCards',
      idField: 'CreditCardID',
      idParam: 'creditCardID',
      segment: 'creditcards',
      users: true,
      roles: { read: ['CreditCardAdmin', 'CreditCardReader'], write: ['CreditCardAdmin'] },
      noun: 'credit card assignment',
    }),
  ],
};

const spendingAccounts: ResourceDefinition = {
  name: 'SpendingAccounts',
  section: 'BuyersAndSuppliers',
  description: 'Budgets, gift cards or points a buyer gives its users to pay with, each with a balance and dates.',
  noun: { singular: 'spending account', plural: 'spending accounts' },
  path: '/buyers/{buyerID}/spendingaccounts',
  idParam: 'spendingAccountID',
  model: spendingAccountModel,
  requiredOnCreate: ['Name', 'Balance'],
  roles: { read: ['SpendingAccountAdmin', 'SpendingAccountReader'], write: ['SpendingAccountAdmin'] },
  searchable: ['ID', 'Name'],
  sortable: ['Name', 'ID'],
  assignments: [
    buyerPartyAssignment({
      model: spendingAccountAssignmentModel,
      resource: 'SpendingAccounts',
      idField: 'SpendingAccountID',
      idParam: 'spendingAccountID',
      segment: 'spendingaccounts',
      users: true,
      roles: { read: ['SpendingAccountAdmin', 'SpendingAccountReader'], write: ['SpendingAccountAdmin'] },
      noun: 'spending account assignment',
    }),
  ],
};

const approvalRules: ResourceDefinition = {
  name: 'ApprovalRules',
  section: 'BuyersAndSuppliers',
  description: "Conditions on a buyer's orders that send them to a user group for approval before they go through.",
  noun: { singular: 'approval rule', plural: 'approval rules' },
  path: '/buyers/{buyerID}/approvalrules',
  idParam: 'approvalRuleID',
  model: approvalRuleModel,
  requiredOnCreate: ['ApprovingGroupID', 'RuleExpression'],
  roles: { read: ['ApprovalRuleAdmin', 'ApprovalRuleReader'], write: ['ApprovalRuleAdmin'] },
  searchable: ['ID', 'Name', 'Description', 'RuleExpression'],
  sortable: ['Name', 'ID', 'ApprovingGroupID', 'RuleExpression'],
  references: { ApprovingGroupID: { resource: 'UserGroups', parentFrom: ['buyerID'] } },
  hooks: {
    beforeWrite: async ({ next }) => assertValidExpression('RuleExpression', next.RuleExpression, 'Rule'),
  },
};

/** The buyer's payment and approval setup: cost centers, credit cards, spending accounts, approval rules. */
export const buyerPaymentResources: readonly ResourceDefinition[] = [
  costCenters,
  creditCards,
  spendingAccounts,
  approvalRules,
];
