import type { Item } from '../engine/item.ts';
import { adminClientId, apiClientItem } from './access.ts';
import type { SeededBuyer } from './buyers.ts';
import { daysAgo, type SeedContext } from './common.ts';
import type { SeededOwner, SeededSupplier } from './organization.ts';
import { LAST_ORDER_NUMBER } from './orders.ts';
import type { Random } from './random.ts';

export const STOREFRONT_CLIENT_ID = 'demo-sandbox-storefront';
/** Client for shopping without an account (anonymous tokens); guests shop as its default context user. */
export const GUEST_CHECKOUT_CLIENT_ID = 'demo-sandbox-guest-checkout';
export const GUEST_CONTEXT_USERNAME = 'buyer01';
export const SHOPPER_PROFILE = 'shopper';

const PROFILES: ReadonlyArray<{ id: string; name: string; roles: readonly string[] }> = [
  {
    id: SHOPPER_PROFILE,
    name: 'Shopper',
    roles: ['Shopper', 'MeAdmin', 'MeAddressAdmin', 'MeCreditCardAdmin', 'MeXpAdmin'],
  },
  { id: 'buyer-approver', name: 'Buyer Approver', roles: ['OrderReader', 'ApprovalRuleReader'] },
  {
    id: 'catalog-manager',
    name: 'Catalog Manager',
    roles: [
      'ProductAdmin',
      'PriceScheduleAdmin',
      'CatalogAdmin',
      'CategoryAdmin',
      'PromotionAdmin',
      'ProductFacetAdmin',
      'SupplierReader',
      'BuyerReader',
    ],
  },
  {
    id: 'order-desk',
    name: 'Order Desk',
    roles: ['OrderAdmin', 'ShipmentAdmin', 'BuyerReader', 'BuyerUserReader', 'AddressReader', 'ProductReader'],
  },
  {
    id: 'supplier-fulfilment',
    name: 'Supplier Fulfilment',
    roles: ['MeAdmin', 'OrderAdmin', 'ShipmentAdmin', 'ProductAdmin', 'PriceScheduleAdmin', 'SupplierReader'],
  },
  {
    id: 'read-only',
    name: 'Read Only',
    roles: ['BuyerReader', 'CatalogReader', 'CategoryReader', 'OrderReader', 'ProductReader', 'PromotionReader'],
  },
];

/**
 * Security profiles and who gets them: shoppers at company level for every buyer, approvers
 * through their group, suppliers at company level, the catalog manager as a user and the order
 * desk as an admin group.
 */
export function seedSecurity(
  context: SeedContext,
  owner: SeededOwner,
  buyers: readonly SeededBuyer[],
  suppliers: readonly SeededSupplier[],
): void {
  const { writer } = context;
  for (const profile of PROFILES) {
    writer.add('SecurityProfiles', [], {
      ID: profile.id,
      Name: profile.name,
      Roles: [...profile.roles],
      CustomRoles: [],
      IsExternalRoleGroup: false,
    });
  }
  for (const buyer of buyers) {
    writer.assign('SecurityProfileAssignment', [], { SecurityProfileID: SHOPPER_PROFILE, BuyerID: buyer.id });
    writer.assign('SecurityProfileAssignment', [], {
      SecurityProfileID: 'buyer-approver',
      BuyerID: buyer.id,
      UserGroupID: buyer.approverGroupId,
    });
  }
  for (const supplier of suppliers) {
    writer.assign('SecurityProfileAssignment', [], {
      SecurityProfileID: 'supplier-fulfilment',
      SupplierID: supplier.id,
    });
  }
  writer.assign('SecurityProfileAssignment', [], {
    SecurityProfileID: 'catalog-manager',
    UserID: owner.catalogManagerId,
  });
  writer.assign('SecurityProfileAssignment', [], {
    SecurityProfileID: 'order-desk',
    UserGroupID: owner.orderDeskGroupId,
  });
}

/**
 * The storefront (any buyer may sign in; admins impersonate shoppers through it) and the
 * supplier portal, plus the impersonation config that lets admin users act as any buyer user.
 */
export function seedClients(context: SeedContext): void {
  const { writer } = context;
  writer.add(
    'ApiClients',
    [],
    apiClientItem({
      ID: STOREFRONT_CLIENT_ID,
      AppName: 'Demo Storefront',
      AllowAnyBuyer: true,
      AllowSeller: false,
      xp: { ApiUrl: `${context.publicUrl}/platform`, Purpose: 'Buyer storefront' },
    }),
  );
  writer.add(
    'ApiClients',
    [],
    apiClientItem({
      ID: 'demo-sandbox-supplier-portal',
      AppName: 'Demo Supplier Portal',
      AllowAnySupplier: true,
      AccessTokenDuration: 120,
      xp: { ApiUrl: `${context.publicUrl}/platform`, Purpose: 'Supplier fulfilment portal' },
    }),
  );
  writer.add(
    'ApiClients',
    [],
    apiClientItem({
      ID: GUEST_CHECKOUT_CLIENT_ID,
      AppName: 'Demo Guest Checkout',
      AllowAnyBuyer: true,
      IsAnonBuyer: true,
      DefaultContextUserName: GUEST_CONTEXT_USERNAME,
      xp: { ApiUrl: `${context.publicUrl}/platform`, Purpose: 'Shopping without an account' },
    }),
  );
  writer.add('ImpersonationConfigs', [], {
    ID: 'storefront-shoppers',
    ImpersonationBuyerID: null,
    ImpersonationGroupID: null,
    ImpersonationUserID: null,
    BuyerID: null,
    GroupID: null,
    UserID: null,
    SecurityProfileID: SHOPPER_PROFILE,
    ClientID: STOREFRONT_CLIENT_ID,
  });
}

interface PromotionDefinition {
  code: string;
  name: string;
  eligible: string;
  value: string;
  /** Days from now the promotion starts and ends (negative = in the past). */
  window: readonly [number, number | null];
  allBuyers: boolean;
  extra?: Item;
}

const PROMOTIONS: readonly PromotionDefinition[] = [
  {
    code: 'SAVE10',
    name: '10% off orders over $100',
    eligible: 'order.Subtotal > 100',
    value: 'order.Subtotal * .1',
    window: [-30, 60],
    allBuyers: true,
  },
  {
    code: 'FREESHIP250',
    name: 'Free shipping over $250',
    eligible: 'order.Subtotal >= 250',
    value: 'order.ShippingCost',
    window: [-90, null],
    allBuyers: true,
    extra: { AutoApply: true, Priority: 1, CanCombine: true },
  },
  {
    code: 'TENTS15',
    name: '15% off backpacking tents',
    eligible: "item.product.incategory('backpacking-tents')",
    value: 'item.LineSubtotal * .15',
    window: [-10, 20],
    allBuyers: false,
    extra: { LineItemLevel: true, ItemLimitPerOrder: 2, ItemSortBy: 'UnitPrice' },
  },
  {
    code: 'PARKS5',
    name: '$5 off every parks order',
    eligible: 'order.Subtotal > 50',
    value: '5',
    window: [-200, null],
    allBuyers: false,
  },
  {
    code: 'SPRING20',
    name: 'Spring sale: 20% off, up to $100',
    eligible: 'order.Subtotal > 200',
    value: 'min(order.Subtotal * .2, 100)',
    window: [-120, -60],
    allBuyers: true,
  },
  {
    code: 'STAFF25',
    name: 'Guide staff 25% (paused)',
    eligible: 'order.Subtotal > 0',
    value: 'order.Subtotal * .25',
    window: [-45, 45],
    allBuyers: false,
    extra: { Active: false },
  },
];

/** Promotions: order and line-item level, current, expired and paused, for all or some buyers. */
export function seedPromotions(context: SeedContext): void {
  const { writer } = context;
  const assignments: Record<string, ReadonlyArray<{ BuyerID: string; UserGroupID?: string }>> = {
    TENTS15: [{ BuyerID: 'alpine-guides' }, { BuyerID: 'summit-school' }],
    PARKS5: [{ BuyerID: 'trailhead-parks' }],
    STAFF25: [{ BuyerID: 'alpine-guides', UserGroupID: 'alpine-guides-field-staff' }],
  };
  for (const promotion of PROMOTIONS) {
    const [start, end] = promotion.window;
    writer.add('Promotions', [], {
      ID: promotion.code.toLowerCase(),
      LineItemLevel: false,
      Code: promotion.code,
      Name: promotion.name,
      RedemptionLimit: promotion.allBuyers ? 1000 : null,
      RedemptionLimitPerUser: promotion.allBuyers ? 5 : null,
      RedemptionCount: 0,
      Description: `${promotion.name}. Enter ${promotion.code} at checkout.`,
      FinePrint: 'Cannot be exchanged for cash. One code per order unless stated otherwise.',
      StartDate: daysAgo(context, -start),
      ExpirationDate: end === null ? null : daysAgo(context, -end),
      EligibleExpression: promotion.eligible,
      ValueExpression: promotion.value,
      CanCombine: false,
      AllowAllBuyers: promotion.allBuyers,
      OwnerID: context.marketplaceId,
      AutoApply: false,
      Active: true,
      UseIntegration: false,
      xp: {},
      ...promotion.extra,
    });
    for (const party of assignments[promotion.code] ?? []) {
      writer.assign('PromotionAssignment', [], { PromotionID: promotion.code.toLowerCase(), ...party });
    }
  }
}

/** Webhooks on order and user events, incrementors, and xp indices used by the portal's lists. */
export function seedIntegrations(context: SeedContext, rng: Random, shipments: number): void {
  const { writer } = context;
  const hook = (id: string, name: string, routes: ReadonlyArray<[string, string]>, extra: Item = {}) =>
    writer.add('Webhooks', [], {
      ID: id,
      Name: name,
      Description: `${name}: notifies the back office at example.com.`,
      Url: `https://example.com/webhooks/${id}`,
      HashKey: rng.id(32),
      ElevatedRoles: [],
      ConfigData: { Environment: 'sandbox' },
      BeforeProcessRequest: false,
      ApiClientIDs: [STOREFRONT_CLIENT_ID],
      WebhookRoutes: routes.map(([Route, Verb]) => ({ Route, Verb })),
      DeliveryConfigID: null,
      CustomAuthHeaderName: null,
      CustomAuthHeaderValue: null,
      ...extra,
    });
  hook('order-submitted', 'Order submitted', [['v1/orders/{direction}/{orderID}/submit', 'POST']]);
  hook('order-shipped', 'Order shipped', [['v1/orders/{direction}/{orderID}/ship', 'POST']], {
    ApiClientIDs: [adminClientId(context.marketplaceId)],
  });
  hook('buyer-user-created', 'Buyer user created', [['v1/buyers/{buyerID}/users', 'POST']], {
    ApiClientIDs: [adminClientId(context.marketplaceId)],
    ElevatedRoles: ['BuyerUserReader'],
  });
  hook(
    'address-validation',
    'Address validation',
    [
      ['v1/me/addresses', 'POST'],
      ['v1/me/addresses/{addressID}', 'PUT'],
    ],
    { BeforeProcessRequest: true, CustomAuthHeaderName: 'X-Demo-Key', CustomAuthHeaderValue: rng.id(24) },
  );
  const incrementors: ReadonlyArray<[string, string, number, number]> = [
    ['orders', 'Order numbers', LAST_ORDER_NUMBER, 6],
    ['shipments', 'Shipment numbers', shipments, 6],
    ['customers', 'Customer numbers', 250, 5],
  ];
  for (const [id, name, lastNumber, padding] of incrementors) {
    writer.add('Incrementors', [], { ID: id, Name: name, LastNumber: lastNumber, LeftPaddingCount: padding });
  }
  for (const [thingType, key] of [
    ['Order', 'Channel'],
    ['Order', 'Rush'],
    ['Address', 'Type'],
  ]) {
    writer.add('XpIndices', [], { ID: `${thingType}.${key}`, ThingType: thingType, Key: key });
  }
}
