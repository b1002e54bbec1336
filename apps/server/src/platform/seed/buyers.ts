import type { Item } from '../engine/item.ts';
import { addressItem, daysAgo, randomPerson, userItem, type SeedContext } from './common.ts';
import { pad, Random } from './random.ts';
import { DEPARTMENTS } from './words.ts';

/** A buyer and what orders and subscriptions need of it. */
export interface SeededBuyer {
  id: string;
  name: string;
  catalogIds: string[];
  /** Active users, who place orders. */
  users: Item[];
  /** User ID to the IDs of the groups the user belongs to. */
  groupsOf: Map<string, string[]>;
  /** The group that approves large orders, and its members. */
  approverGroupId: string;
  approvers: Item[];
  approvalRuleId: string;
  /** Addresses the whole buyer ships to, and those only some groups may use. */
  shippingAddresses: Item[];
  groupShipping: Map<string, Item[]>;
  billingAddress: Item;
  costCenters: string[];
  /** Cards with the party they are assigned to (a user or a group). */
  creditCards: Array<{ card: Item; userId: string | null; groupId: string | null }>;
  /** Spending accounts with the group they are assigned to. */
  spendingAccounts: Array<{ account: Item; groupId: string }>;
}

interface BuyerDefinition {
  id: string;
  name: string;
  domain: string;
  users: number;
  catalogIds: string[];
  segment: string;
}

const BUYERS: readonly BuyerDefinition[] = [
  {
    id: 'alpine-guides',
    name: 'Alpine Guides Collective',
    domain: 'alpine-guides.example.com',
    users: 12,
    catalogIds: ['outdoor-gear', 'outdoor-apparel'],
    segment: 'Guiding',
  },
  {
    id: 'summit-school',
    name: 'Summit Outdoor School',
    domain: 'summit-school.example.org',
    users: 11,
    catalogIds: ['outdoor-gear', 'outdoor-apparel'],
    segment: 'Education',
  },
  {
    id: 'riverbend-rentals',
    name: 'Riverbend Rentals',
    domain: 'riverbend-rentals.example.com',
    users: 12,
    catalogIds: ['outdoor-gear'],
    segment: 'Rental',
  },
  {
    id: 'trailhead-parks',
    name: 'Trailhead Parks Service',
    domain: 'trailhead-parks.example.org',
    users: 13,
    catalogIds: ['trail-crew', 'outdoor-gear', 'outdoor-apparel'],
    segment: 'Public Sector',
  },
];

const CARD_TYPES = ['Visa', 'MasterCard', 'Amex', 'Discover'];

/**
 * Buyers with users (`buyer01`, `buyer02`... across buyers), three user groups, addresses with
 * shipping/billing assignments, cost centers, credit cards, spending accounts and an approval rule.
 */
export function seedBuyers(context: SeedContext): SeededBuyer[] {
  const rng = Random.stream('buyers');
  let userNumber = 0;
  return BUYERS.map((definition, buyerIndex) => {
    const users: Item[] = [];
    for (let i = 0; i < definition.users; i += 1) {
      userNumber += 1;
      users.push(buyerUser(context, rng, definition, userNumber, i));
    }
    return seedBuyer(context, rng, definition, buyerIndex, users);
  });
}

function buyerUser(
  context: SeedContext,
  rng: Random,
  definition: BuyerDefinition,
  number: number,
  index: number,
): Item {
  const username = `buyer${pad(number, 2)}`;
  return userItem(context, {
    id: username,
    username,
    person: randomPerson(rng),
    domain: definition.domain,
    companyId: definition.id,
    createdDaysAgo: rng.int(380, 700),
    // The last user of the rental buyer has left the company: one inactive account to filter on.
    active: !(definition.id === 'riverbend-rentals' && index === definition.users - 1),
    phone: rng.chance(0.7) ? `555-01${pad(rng.int(0, 99), 2)}` : undefined,
    xp: { Department: rng.pick(DEPARTMENTS), EmployeeNumber: rng.int(1000, 9999) },
  });
}

function seedBuyer(
  context: SeedContext,
  rng: Random,
  definition: BuyerDefinition,
  buyerIndex: number,
  users: Item[],
): SeededBuyer {
  const { writer } = context;
  const buyerId = definition.id;
  const inBuyer = [buyerId];
  writer.add('Buyers', [], {
    ID: buyerId,
    Name: definition.name,
    DefaultCatalogID: definition.catalogIds[0],
    Active: true,
    DateCreated: daysAgo(context, 900 - buyerIndex * 60),
    xp: { Segment: definition.segment, CreditLimit: 25_000 + buyerIndex * 10_000, NetTermsDays: 30 },
  });
  const bodies = users.map((user) => writer.add('Users', inBuyer, user, { Password: context.hashes.buyer }));

  const groups = {
    approvers: { id: `${buyerId}-approvers`, name: 'Approvers', members: bodies.slice(0, 2) },
    purchasing: { id: `${buyerId}-purchasing`, name: 'Purchasing', members: bodies.slice(2, 6) },
    field: { id: `${buyerId}-field-staff`, name: 'Field Staff', members: bodies.slice(6) },
  };
  const groupsOf = new Map<string, string[]>();
  for (const group of Object.values(groups)) {
    writer.add('UserGroups', inBuyer, {
      ID: group.id,
      Name: group.name,
      Description: `${group.name} of ${definition.name}.`,
      xp: {},
    });
    for (const member of group.members) {
      writer.assign('UserGroupAssignment', inBuyer, { UserGroupID: group.id, UserID: member.ID });
      const userId = String(member.ID);
      groupsOf.set(userId, [...(groupsOf.get(userId) ?? []), group.id]);
    }
  }

  const address = (suffix: string, name: string, createdDaysAgo: number) =>
    writer.add(
      'Addresses',
      inBuyer,
      addressItem(context, rng, {
        id: `${buyerId}-${suffix}`,
        name,
        companyName: definition.name,
        person: randomPerson(rng),
        createdDaysAgo,
      }),
    );
  const headquarters = address('hq', 'Headquarters', 880 - buyerIndex * 60);
  const warehouse = address('warehouse', 'Gear Warehouse', 700);
  const field = address('field-office', 'Field Office', 500);
  const home = address('remote-staff', 'Remote Staff Drop', 90);
  const addressAssignments: Item[] = [
    { AddressID: headquarters.ID, IsShipping: true, IsBilling: true },
    { AddressID: warehouse.ID, IsShipping: true, IsBilling: false },
    { AddressID: field.ID, UserGroupID: groups.field.id, IsShipping: true, IsBilling: false },
    { AddressID: home.ID, UserID: bodies.at(-1)?.ID, IsShipping: true, IsBilling: false },
  ];
  for (const assignment of addressAssignments) writer.assign('AddressAssignment', inBuyer, assignment);

  const costCenters = DEPARTMENTS.slice(buyerIndex % 2, (buyerIndex % 2) + 3).map((department, index) => {
    const id = `${buyerId}-${department.toLowerCase().replace(/\s+/g, '-')}`;
    writer.add('CostCenters', inBuyer, {
      ID: id,
      Name: department,
      Description: `${department} budget of ${definition.name}.`,
      xp: { GlCode: `${6000 + buyerIndex * 100 + index * 10}` },
    });
    writer.assign('CostCenterAssignment', inBuyer, {
      CostCenterID: id,
      UserGroupID: index === 0 ? null : index === 1 ? groups.purchasing.id : groups.field.id,
    });
    return id;
  });

  const creditCards = [0, 1].map((index) => {
    const holder = index === 0 ? bodies[2] : bodies[3];
    const card = writer.add('CreditCards', inBuyer, {
      ID: `${buyerId}-card-${index + 1}`,
      Token: `tok_${rng.id(24)}`,
      DateCreated: daysAgo(context, rng.int(400, 600)),
      CardType: rng.pick(CARD_TYPES),
      PartialAccountNumber: rng.digits(4),
      CardholderName: holder ? `${String(holder.FirstName)} ${String(holder.LastName)}` : definition.name,
      ExpirationDate: daysAgo(context, -rng.int(200, 1100)),
      xp: { Corporate: index === 0 },
    });
    const party =
      index === 0
        ? { userId: null, groupId: groups.purchasing.id }
        : { userId: holder ? String(holder.ID) : null, groupId: null };
    writer.assign('CreditCardAssignment', inBuyer, {
      CreditCardID: card.ID,
      UserID: party.userId,
      UserGroupID: party.groupId,
    });
    return { card, ...party };
  });

  const spendingAccounts = [
    {
      suffix: 'gear-budget',
      name: 'Annual Gear Budget',
      balance: 15_000 + buyerIndex * 2_500,
      group: groups.purchasing,
    },
    { suffix: 'staff-rewards', name: 'Staff Rewards', balance: 750, group: groups.field },
  ].map((account, index) => {
    const body = writer.add('SpendingAccounts', inBuyer, {
      ID: `${buyerId}-${account.suffix}`,
      Name: account.name,
      Balance: account.balance,
      AllowAsPaymentMethod: true,
      StartDate: daysAgo(context, 120),
      EndDate: daysAgo(context, -245),
      xp: { FiscalYear: context.now.getUTCFullYear() },
    });
    writer.assign('SpendingAccountAssignment', inBuyer, {
      SpendingAccountID: body.ID,
      UserGroupID: account.group.id,
      AllowExceed: index === 0,
    });
    return { account: body, groupId: account.group.id };
  });

  const approvalRuleId = `${buyerId}-large-orders`;
  writer.add('ApprovalRules', inBuyer, {
    ID: approvalRuleId,
    Name: 'Orders over $1,000',
    Description: 'Large orders wait for a member of the Approvers group.',
    ApprovingGroupID: groups.approvers.id,
    RuleExpression: 'order.Total > 1000',
    xp: {},
  });

  return {
    id: buyerId,
    name: definition.name,
    catalogIds: definition.catalogIds,
    users: bodies.filter((user) => user.Active === true),
    groupsOf,
    approverGroupId: groups.approvers.id,
    approvers: groups.approvers.members,
    approvalRuleId,
    shippingAddresses: [headquarters, warehouse],
    groupShipping: new Map([[groups.field.id, [field]]]),
    billingAddress: headquarters,
    costCenters,
    creditCards,
    spendingAccounts,
  };
}
