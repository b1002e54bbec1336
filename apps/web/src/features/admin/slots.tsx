import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ApiOperation } from '@/description/api-model';
import type { CatalogueCollection } from './catalogue/catalogue';
import type { RouteParams } from './catalogue/resolve-path';
import type { Item } from './lib/admin-api';
import type { ListColumn } from './lib/columns';

// SLOTS
// Two parts of the explorer live in their own folders (features/admin/orders: what is special about orders and
// shipments; features/admin/export: CSV export of a list). The generic pages render them through these
// contracts, loaded on demand, and render nothing in their place while a folder has no index.ts yet.

/** What the list page hands the export button: the list as it is filtered, searched and sorted now. */
export interface ExportSlotProps {
  readonly collection: CatalogueCollection;
  readonly operation: ApiOperation;
  /** Path parameters for the list operation, already mapped for the platform (`Incoming`). */
  readonly pathParams: Readonly<Record<string, string>>;
  /** The list query without page and pageSize. */
  readonly query: Readonly<Record<string, string | number>>;
  readonly columns: readonly ListColumn[];
  readonly totalCount: number;
}

/** `features/admin/export/index.ts` exports this. */
export interface ExportSlotModule {
  ExportButton: ComponentType<ExportSlotProps>;
}

/** What the detail page hands the special screens of orders, line items, payments and shipments. */
export interface SpecialDetailProps {
  readonly collection: CatalogueCollection;
  readonly params: RouteParams;
  readonly item: Item;
}

/** What the list page asks for shipment items, whose rows open their incoming order's line item. */
export interface SpecialRowHrefInput {
  readonly collection: CatalogueCollection;
  readonly params: RouteParams;
  readonly item: Item;
}

/** `features/admin/orders/index.ts` exports any of these. */
export interface OrdersSlotModule {
  /** Shown on the detail page of a collection the catalogue marks `special`, above the generic fields. */
  SpecialDetail?: ComponentType<SpecialDetailProps>;
  /** Where a row of a special list opens; null opens nothing. */
  specialRowHref?: (input: SpecialRowHrefInput) => string | null;
}

/** `features/admin/merchandise/index.ts` exports this: a summary of the item above its fields (a product's price). */
export interface SummarySlotModule {
  ResourceSummary: ComponentType<SpecialDetailProps>;
}

// import.meta.glob matches only files that exist, so a missing folder is an empty record, not a build error.
const exportModules = import.meta.glob<ExportSlotModule>('./export/index.ts');
const ordersModules = import.meta.glob<OrdersSlotModule>('./orders/index.ts');

function lazySlot<P extends object>(
  load: (() => Promise<ComponentType<P> | undefined>) | undefined,
): LazyExoticComponent<ComponentType<P>> | null {
  if (!load) return null;
  const Empty: ComponentType<P> = () => null;
  return lazy(async () => ({ default: (await load()) ?? Empty }));
}

const summaryModules = import.meta.glob<SummarySlotModule>('./merchandise/index.ts');

const loadExport = exportModules['./export/index.ts'];
const loadSummary = summaryModules['./merchandise/index.ts'];
const loadOrders = ordersModules['./orders/index.ts'];

/** The export button, or null while features/admin/export has no index.ts. */
export const ExportSlot = lazySlot<ExportSlotProps>(loadExport && (async () => (await loadExport()).ExportButton));

/** The special detail of orders and shipments, or null while features/admin/orders has no index.ts. */
export const SpecialDetailSlot = lazySlot<SpecialDetailProps>(
  loadOrders && (async () => (await loadOrders()).SpecialDetail),
);

/** Loads the orders module's row links when it exists (shipment items); resolves null otherwise. */
export async function loadSpecialRowHref(): Promise<OrdersSlotModule['specialRowHref'] | null> {
  return loadOrders ? ((await loadOrders()).specialRowHref ?? null) : null;
}

/** A resource-specific summary on top of an item's page, or null while features/admin/merchandise has no index.ts. */
export const ResourceSummarySlot = lazySlot<SpecialDetailProps>(
  loadSummary && (async () => (await loadSummary()).ResourceSummary),
);
