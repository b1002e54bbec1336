import type { Item } from '../engine/item.ts';
import { ApiError, validation } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';
import { validateBody, withDefaults } from '../engine/validate.ts';
import { rewriteItem, type StoredItem } from '../orders/operation-helpers.ts';
import { isRecord, queryValue } from './catalog-rules.ts';
import {
  bool,
  date,
  decimal,
  defineModel,
  id,
  int,
  list,
  model,
  readOnly,
  text,
  xp,
  type ModelDefinition,
} from './fields.ts';
import { withOwnerId } from './owner.ts';
import type { OperationContext, ResourceDefinition, WriteContext } from './types.ts';

/** PriceBreak: the unit price from a quantity up, with optional sale, subscription and bundle prices. */
export const priceBreakModel = defineModel('PriceBreak', {
  Quantity: int({ minimum: 0 }),
  Price: decimal(),
  SalePrice: decimal({ description: 'Unit price while the schedule is on sale (between SaleStart and SaleEnd).' }),
  SubscriptionPrice: decimal(),
  BundlePrice: decimal(),
});

/** Models used only inside price schedule fields, for the registry's shared models. */
export const priceScheduleModels: readonly ModelDefinition[] = [priceBreakModel];

const priceScheduleModel = defineModel('PriceSchedule', {
  OwnerID: text(),
  ID: id(),
  Name: text(100),
  ApplyTax: bool(),
  ApplyShipping: bool(),
  MinQuantity: int({ minimum: 1, default: 1 }),
  MaxQuantity: int(),
  UseCumulativeQuantity: bool(),
  RestrictedQuantity: bool(),
  PriceBreaks: list(model('PriceBreak'), { default: [] }),
  Currency: text(100),
  SaleStart: date(),
  SaleEnd: date(),
  IsOnSale: readOnly(bool()),
  xp: xp(),
});

const breaksOf = (schedule: Item): Item[] =>
  Array.isArray(schedule.PriceBreaks) ? schedule.PriceBreaks.filter(isRecord) : [];
const time = (value: unknown): number | undefined => (typeof value === 'string' ? Date.parse(value) : undefined);

/**
 * A schedule is on sale when one of its breaks has a sale price and now lies between SaleStart and
 * SaleEnd; a missing bound leaves that side open.
 */
function isOnSale(schedule: Item): boolean {
  if (!breaksOf(schedule).some((priceBreak) => typeof priceBreak.SalePrice === 'number')) return false;
  const current = Date.now();
  const start = time(schedule.SaleStart);
  const end = time(schedule.SaleEnd);
  return (start === undefined || start <= current) && (end === undefined || current <= end);
}

const presentSchedule = async (item: Item): Promise<Item> => ({ ...item, IsOnSale: isOnSale(item) });

/** Whether a product assignment prices with this schedule: such schedules must keep a usable price. */
async function isAssigned(store: Store, scheduleId: string): Promise<boolean> {
  return (await store.findAssignments('ProductAssignment', [], { PriceScheduleID: scheduleId })).length > 0;
}

async function checkSchedule({ store, id, next, previous }: WriteContext): Promise<void> {
  const min = typeof next.MinQuantity === 'number' ? next.MinQuantity : 1;
  if (typeof next.MaxQuantity === 'number' && next.MaxQuantity < min) {
    throw validation(
      'MaxQuantity must not be less than MinQuantity.',
      { MinQuantity: min, MaxQuantity: next.MaxQuantity },
      'PriceSchedule.MinGreaterThanMax',
    );
  }
  const quantities = breaksOf(next).map((priceBreak) => priceBreak.Quantity);
  if (new Set(quantities).size !== quantities.length) {
    throw validation(
      'Two price breaks have the same quantity.',
      { Quantities: quantities },
      'PriceSchedule.DuplicatePriceBreaks',
    );
  }
  const start = time(next.SaleStart);
  const end = time(next.SaleEnd);
  if (start !== undefined && end !== undefined && start >= end) {
    throw validation(
      'SaleStart must be before SaleEnd.',
      { SaleStart: next.SaleStart, SaleEnd: next.SaleEnd },
      'PriceSchedule.InvalidSaleStartOrSaleEnd',
    );
  }
  if (!previous) return;
  const cleared = breaksOf(previous).length > 0 && breaksOf(next).length === 0;
  const currencyChanged = (previous.Currency ?? null) !== (next.Currency ?? null);
  if ((cleared || currencyChanged) && (await isAssigned(store, String(previous.ID ?? id)))) {
    if (cleared) {
      throw validation(
        'An assigned price schedule must keep at least one price break.',
        { PriceScheduleID: id },
        'PriceSchedule.CannotClearPriceBreaks',
      );
    }
    throw validation(
      'The currency of an assigned price schedule cannot change.',
      { PriceScheduleID: id },
      'PriceSchedule.CannotModifyCurrency',
    );
  }
}

/** The price schedule of the path, for its price breaks to change. */
async function scheduleOfPath({ store, params }: OperationContext): Promise<StoredItem> {
  const item = await store.require('PriceSchedules', [], params.priceScheduleID as string);
  return { resource: 'PriceSchedules', parents: [], item };
}

async function savePriceBreak(context: OperationContext): Promise<unknown> {
  // Extra operations get their body as sent, so it is checked here like a standard write's.
  const { value, errors } = validateBody(context.registry, priceBreakModel, context.body, {
    required: ['Quantity', 'Price'],
    previous: undefined,
  });
  if (errors.length > 0) throw ApiError.many(400, errors);
  const priceBreak = withDefaults(priceBreakModel, value);
  const saved = await rewriteItem(context, scheduleOfPath, ({ item: schedule }) => {
    // A break with the same quantity is replaced; breaks stay in ascending quantity order.
    const breaks = breaksOf(schedule).filter((existing) => existing.Quantity !== priceBreak.Quantity);
    breaks.push(priceBreak);
    breaks.sort((a, b) => Number(a.Quantity) - Number(b.Quantity));
    return { ...schedule, PriceBreaks: breaks };
  });
  return presentSchedule(saved);
}

async function deletePriceBreak(context: OperationContext): Promise<unknown> {
  const raw = queryValue(context.query, 'quantity');
  const quantity = Number(raw);
  if (raw === undefined || raw === '' || !Number.isInteger(quantity)) {
    throw validation('quantity must be a whole number.', { quantity: raw ?? null });
  }
  await rewriteItem(context, scheduleOfPath, async ({ item: schedule }, tx) => {
    const breaks = breaksOf(schedule);
    const remaining = breaks.filter((priceBreak) => priceBreak.Quantity !== quantity);
    if (remaining.length === breaks.length) {
      throw validation(
        'The price schedule has no price break for that quantity.',
        { Quantity: quantity },
        'PriceSchedule.QtyNotFound',
      );
    }
    if (remaining.length === 0 && (await isAssigned(tx, String(schedule.ID)))) {
      throw validation(
        'The last price break of an assigned price schedule cannot be deleted.',
        { Quantity: quantity },
        'PriceSchedule.CannotDeleteLastPriceBreak',
      );
    }
    return { ...schedule, PriceBreaks: remaining };
  });
  return undefined;
}

/** Price schedules: the prices, quantity limits and sale periods products are sold with. */
export const priceScheduleResources: readonly ResourceDefinition[] = [
  {
    name: 'PriceSchedules',
    section: 'ProductsAndCatalogs',
    description:
      'A price schedule sets what a product costs: unit prices by quantity (price breaks), the quantities that may ' +
      'be ordered, an optional sale period and the currency. Products use it as their default price or through ' +
      'product assignments to buyers and user groups.',
    noun: { singular: 'price schedule', plural: 'price schedules' },
    path: '/priceschedules',
    idParam: 'priceScheduleID',
    model: priceScheduleModel,
    requiredOnCreate: ['Name'],
    roles: { read: ['PriceScheduleAdmin', 'PriceScheduleReader'], write: ['PriceScheduleAdmin'] },
    searchable: ['ID', 'Name'],
    sortable: ['Name', 'ID', 'Currency', 'MinQuantity', 'MaxQuantity', 'SaleStart', 'SaleEnd'],
    extraOperations: [
      {
        name: 'SavePriceBreak',
        method: 'POST',
        path: '/priceschedules/{priceScheduleID}/PriceBreaks',
        roles: ['PriceScheduleAdmin'],
        summary: 'Add or replace a price break of a price schedule.',
        description: 'A price break with the same quantity is replaced. Answers the whole price schedule.',
        body: { schema: model('PriceBreak'), required: ['Quantity', 'Price'] },
        response: { status: 201, schema: model('PriceSchedule') },
        handler: savePriceBreak,
      },
      {
        name: 'DeletePriceBreak',
        method: 'DELETE',
        path: '/priceschedules/{priceScheduleID}/PriceBreaks',
        roles: ['PriceScheduleAdmin'],
        summary: 'Remove a price break from a price schedule.',
        query: [
          { name: 'quantity', schema: int(), required: true, description: 'Quantity of the price break to remove.' },
        ],
        response: { status: 204 },
        handler: deletePriceBreak,
      },
    ],
    hooks: {
      beforeWrite: withOwnerId(checkSchedule),
      present: presentSchedule,
    },
  },
];
