import type { Item } from '../engine/item.ts';
import type { SeededBuyer } from './buyers.ts';
import { CATALOGS, placedLeaves } from './catalog-data.ts';
import type { SeedContext } from './common.ts';
import type { SeededSupplier } from './organization.ts';
import { planProducts, type ProductPlan } from './product-gen.ts';
import { Random, round } from './random.ts';
import { seedSpecs, type SeededVariant } from './specs.ts';

/** Demo product count: enough to page through, search and build an index from. */
export const DEMO_PRODUCT_COUNT = 540;

export interface SeededCatalog {
  products: ProductPlan[];
  variants: Map<string, SeededVariant[]>;
  /** Contract price schedules by `buyerID/userGroupID/productID` (empty group: the whole buyer). */
  contractSchedules: Map<string, Item>;
  /** Paid optional spec choices (embroidery, warranty, engraving) by product, for line items. */
  optionalSpecs: Map<string, Item[]>;
}

/** Level 2 categories hidden from a buyer by a category assignment. */
const HIDDEN_CATEGORIES: Readonly<Record<string, readonly string[]>> = { 'summit-school': ['ropes'] };

/** The active products a buyer can see, and so order: in its catalogs, outside hidden categories. */
export function orderableProducts(catalog: SeededCatalog, buyer: SeededBuyer): ProductPlan[] {
  const hidden = HIDDEN_CATEGORIES[buyer.id] ?? [];
  return catalog.products.filter(
    (plan) =>
      plan.product.Active === true &&
      buyer.catalogIds.includes(plan.placed.catalogId) &&
      !hidden.includes(plan.placed.childId),
  );
}

function seedCategories(context: SeedContext): void {
  const { writer } = context;
  const leaves = placedLeaves();
  for (const [catalogIndex, catalog] of CATALOGS.entries()) {
    const inCatalog = [catalog.id];
    const categories: Item[] = [];
    for (const [branchIndex, branch] of catalog.branches.entries()) {
      categories.push({
        ID: branch.id,
        Name: branch.name,
        Description: branch.description,
        ListOrder: branchIndex + 1,
        Active: true,
        ParentID: null,
        ChildCount: branch.children.length,
        xp: {},
      });
      for (const [childIndex, child] of branch.children.entries()) {
        const childLeaves = leaves.filter((placed) => placed.childId === child.id);
        categories.push({
          ID: child.id,
          Name: child.name,
          Description: child.description,
          ListOrder: childIndex + 1,
          Active: true,
          ParentID: branch.id,
          ChildCount: childLeaves.length,
          xp: {},
        });
        for (const [leafIndex, { leaf }] of childLeaves.entries()) {
          categories.push({
            ID: leaf.id,
            Name: leaf.name,
            Description: `${leaf.name} from ${leaf.nouns.length} product lines.`,
            ListOrder: leafIndex + 1,
            Active: true,
            ParentID: child.id,
            ChildCount: 0,
            xp: { SizeUnit: leaf.size?.unit ?? null },
          });
        }
      }
    }
    writer.add('Catalogs', [], {
      ID: catalog.id,
      OwnerID: context.marketplaceId,
      Name: catalog.name,
      Description: catalog.description,
      Active: true,
      CategoryCount: categories.length,
      xp: { SortPriority: catalogIndex + 1 },
    });
    for (const category of categories) writer.add('Categories', inCatalog, category);
  }
}

/** Buyer-specific prices: contract prices for the parks service, pro deals for the guides' field staff. */
function seedContractPricing(context: SeedContext, rng: Random, plans: readonly ProductPlan[]): Map<string, Item> {
  const { writer } = context;
  const contracts = new Map<string, Item>();
  const deals = [
    {
      buyerId: 'trailhead-parks',
      groupId: null,
      catalogId: 'trail-crew',
      count: 40,
      discount: 0.15,
      label: 'Contract',
    },
    {
      buyerId: 'alpine-guides',
      groupId: 'alpine-guides-field-staff',
      catalogId: 'outdoor-apparel',
      count: 25,
      discount: 0.3,
      label: 'Pro Deal',
    },
  ];
  for (const deal of deals) {
    const eligible = plans.filter((plan) => plan.placed.catalogId === deal.catalogId && plan.product.Active === true);
    for (const plan of rng.sample(eligible, deal.count)) {
      const base = plan.schedule;
      const breaks = Array.isArray(base.PriceBreaks) ? (base.PriceBreaks as Item[]) : [];
      const schedule = writer.add('PriceSchedules', [], {
        ...base,
        ID: `${String(base.ID)}-${deal.buyerId}`,
        Name: `${String(plan.product.Name)} - ${deal.label}`.slice(0, 100),
        PriceBreaks: breaks.map((priceBreak) => ({
          ...priceBreak,
          Price: round(Number(priceBreak.Price) * (1 - deal.discount)),
          SalePrice: null,
        })),
        SaleStart: null,
        SaleEnd: null,
        IsOnSale: false,
        xp: { Contract: deal.label },
      });
      writer.assign('ProductAssignment', [], {
        SellerID: context.marketplaceId,
        ProductID: plan.product.ID,
        BuyerID: deal.buyerId,
        UserGroupID: deal.groupId,
        PriceScheduleID: schedule.ID,
      });
      contracts.set(`${deal.buyerId}/${deal.groupId ?? ''}/${String(plan.product.ID)}`, schedule);
    }
  }
  return contracts;
}

/**
 * Catalogs with three levels of categories, products with price schedules, specs and variants,
 * and every assignment that makes them visible: catalog to buyer, product to catalog and
 * category, product to buyer (contract prices), product to supplier.
 */
export function seedCatalog(
  context: SeedContext,
  buyers: readonly SeededBuyer[],
  suppliers: readonly SeededSupplier[],
  warehouseIds: readonly string[],
): SeededCatalog {
  const { writer } = context;
  const rng = Random.stream('catalog');
  seedCategories(context);
  const supplierWarehouses = new Map(suppliers.map((supplier) => [supplier.id, String(supplier.addresses[0]?.ID)]));
  const products = planProducts(context, Random.stream('products'), placedLeaves(), DEMO_PRODUCT_COUNT, {
    warehouseIds,
    supplierWarehouses,
  });
  const { variants, optionalSpecs } = seedSpecs(context, Random.stream('specs'), products);
  const crossListed = new Set(['first-aid-kits', 'headlamps']);
  for (const plan of products) {
    const productId = plan.product.ID;
    writer.add('PriceSchedules', [], plan.schedule);
    writer.add('Products', [], plan.product);
    const { catalogId, leaf } = plan.placed;
    writer.assign('ProductCatalogAssignment', [], { CatalogID: catalogId, ProductID: productId });
    if (crossListed.has(leaf.id)) {
      writer.assign('ProductCatalogAssignment', [], { CatalogID: 'outdoor-gear', ProductID: productId });
    }
    writer.assign('CategoryProductAssignment', [catalogId], {
      CategoryID: leaf.id,
      ProductID: productId,
      ListOrder: plan.index + 1,
    });
    if (plan.supplierId) {
      // Stored by `Products.SaveSupplier`, which keys its links by product and supplier.
      writer.assign(
        'ProductSupplierAssignment',
        [],
        { ProductID: productId, SupplierID: plan.supplierId, DefaultPriceScheduleID: plan.schedule.ID },
        ['ProductID', 'SupplierID'],
      );
    }
  }
  for (const buyer of buyers) {
    for (const catalogId of buyer.catalogIds) {
      writer.assign('CatalogAssignment', [], {
        CatalogID: catalogId,
        BuyerID: buyer.id,
        ViewAllCategories: true,
        ViewAllProducts: true,
      });
    }
  }
  // Schools do not buy climbing ropes for students: the category is hidden from them.
  for (const [buyerId, categoryIds] of Object.entries(HIDDEN_CATEGORIES)) {
    for (const categoryId of categoryIds) {
      writer.assign('CategoryAssignment', ['outdoor-gear'], {
        CategoryID: categoryId,
        BuyerID: buyerId,
        UserGroupID: null,
        Visible: false,
        ViewAllProducts: false,
      });
    }
  }
  const contractSchedules = seedContractPricing(context, rng, products);
  return { products, variants, contractSchedules, optionalSpecs };
}
