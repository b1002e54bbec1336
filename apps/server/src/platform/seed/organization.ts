import type { Item } from '../engine/item.ts';
import { addressItem, daysAgo, randomPerson, userItem, type SeedContext } from './common.ts';
import { pad, Random } from './random.ts';

/** The marketplace owner's side: extra admin users, their group, and the owner's warehouses. */
export interface SeededOwner {
  /** Admin addresses; products ship from them. */
  warehouses: Item[];
  catalogManagerId: string;
  orderDeskGroupId: string;
}

export interface SeededSupplier {
  id: string;
  name: string;
  users: Item[];
  addresses: Item[];
}

const OWNER_DOMAIN = 'marketplace-ops.example.com';

export function seedOwner(context: SeedContext): SeededOwner {
  const { writer } = context;
  const rng = Random.stream('owner');
  const staff = [
    { id: 'catalog.manager', first: 'Jordan', last: 'Lee', title: 'Catalog Manager' },
    { id: 'order.desk', first: 'Samira', last: 'Patel', title: 'Order Desk Lead' },
    { id: 'support.agent', first: 'Theo', last: 'Brooks', title: 'Customer Support' },
  ];
  for (const [index, member] of staff.entries()) {
    writer.add(
      'AdminUsers',
      [],
      userItem(context, {
        id: member.id,
        username: member.id,
        person: { first: member.first, last: member.last },
        domain: OWNER_DOMAIN,
        companyId: context.marketplaceId,
        createdDaysAgo: 300 - index * 40,
        phone: `303-555-01${pad(index + 1, 2)}`,
        xp: { Title: member.title },
      }),
      { Password: context.hashes.admin },
    );
  }
  const orderDeskGroupId = 'order-desk';
  writer.add('AdminUserGroups', [], {
    ID: orderDeskGroupId,
    Name: 'Order Desk',
    Description: 'Handles incoming orders, shipments and buyer questions.',
    xp: {},
  });
  for (const userId of ['order.desk', 'support.agent']) {
    writer.assign('UserGroupAssignment', [], { UserGroupID: orderDeskGroupId, UserID: userId });
  }
  const warehouses = [
    { id: 'denver-dc', name: 'Denver Distribution Center', city: 'Denver' },
    { id: 'reno-fc', name: 'Reno Fulfilment Center', city: 'Reno' },
    { id: 'marketplace-hq', name: 'Marketplace Headquarters', city: 'Boulder' },
  ].map((warehouse, index) =>
    writer.add(
      'AdminAddresses',
      [],
      addressItem(context, rng, {
        id: warehouse.id,
        name: warehouse.name,
        city: warehouse.city,
        companyName: 'Demo Outdoor Marketplace',
        person: randomPerson(rng),
        createdDaysAgo: 950 - index * 20,
        xp: { Type: index < 2 ? 'Warehouse' : 'Office' },
      }),
    ),
  );
  return { warehouses: warehouses.slice(0, 2), catalogManagerId: 'catalog.manager', orderDeskGroupId };
}

const SUPPLIERS = [
  { id: 'granite-peak-mfg', name: 'Granite Peak Manufacturing', domain: 'granite-peak.example.com', lead: 5 },
  { id: 'northloom-textiles', name: 'Northloom Textiles', domain: 'northloom.example.com', lead: 9 },
  { id: 'ember-works-lighting', name: 'Ember Works Lighting', domain: 'ember-works.example.com', lead: 3 },
];

/** Suppliers with users (`supplier01`...), a fulfilment group and their warehouses. */
export function seedSuppliers(context: SeedContext): SeededSupplier[] {
  const { writer } = context;
  const rng = Random.stream('suppliers');
  let userNumber = 0;
  return SUPPLIERS.map((definition, supplierIndex) => {
    writer.add('Suppliers', [], {
      ID: definition.id,
      Name: definition.name,
      Active: true,
      DateCreated: daysAgo(context, 800 - supplierIndex * 60),
      AllBuyersCanOrder: true,
      xp: { LeadTimeDays: definition.lead, Country: 'US', Preferred: supplierIndex === 0 },
    });
    const users: Item[] = [];
    for (let i = 0; i < 3; i += 1) {
      userNumber += 1;
      const username = `supplier${pad(userNumber, 2)}`;
      users.push(
        writer.add(
          'SupplierUsers',
          [definition.id],
          userItem(context, {
            id: username,
            username,
            person: randomPerson(rng),
            domain: definition.domain,
            companyId: definition.id,
            createdDaysAgo: rng.int(400, 700),
            xp: { Role: i === 0 ? 'Account Manager' : 'Fulfilment' },
          }),
          { Password: context.hashes.supplier },
        ),
      );
    }
    const groupId = `${definition.id}-fulfilment`;
    writer.add('SupplierUserGroups', [definition.id], {
      ID: groupId,
      Name: 'Fulfilment',
      Description: 'Picks, packs and ships the supplier’s part of orders.',
      xp: {},
    });
    for (const user of users.slice(1)) {
      writer.assign('UserGroupAssignment', [definition.id], { UserGroupID: groupId, UserID: user.ID });
    }
    const addresses = ['Main Warehouse', 'Returns Center'].slice(0, supplierIndex === 1 ? 2 : 1).map((name, index) =>
      writer.add(
        'SupplierAddresses',
        [definition.id],
        addressItem(context, rng, {
          id: `${definition.id}-${index === 0 ? 'warehouse' : 'returns'}`,
          name,
          companyName: definition.name,
          person: randomPerson(rng),
          createdDaysAgo: 790 - supplierIndex * 60,
        }),
      ),
    );
    return { id: definition.id, name: definition.name, users, addresses };
  });
}
