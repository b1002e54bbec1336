import { Field, Input, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { displayName } from '@/lib/display-name';
import type { CatalogueCollection } from '../catalogue/catalogue';
import type { Item } from '../lib/admin-api';
import type { ExtraListColumn } from '../list/extra-columns';
import type { ExtraColumnChoices } from '../list/column-options';
import {
  MERCHANDISE_COLUMNS,
  MERCHANDISE_LABELS,
  useImageField,
  useMerchandiseColumnChoice,
  type MerchandiseColumn,
} from './merchandise-settings';
import {
  defaultScheduleId,
  formatProductPrice,
  inventoryText,
  NOT_TRACKED,
  productImageUrl,
} from './merchandise-values';
import { usePagePriceSchedules, usePriceScheduleList } from './page-prices';
import { ProductThumbnail } from './product-thumbnail';

/** Lists of products: the collections whose list operation is the products list. */
export function isProductsCollection(collection: Pick<CatalogueCollection, 'operations'>): boolean {
  return collection.operations.list === 'Products.List';
}

/** The marketplace API's address as an absolute URL, for resolving relative picture URLs. */
export function useApiBaseUrl(): string {
  const { platformBaseUrl } = usePortalContext();
  return new URL(platformBaseUrl, window.location.href).href;
}

function ImageFieldSetting({ value, onChange }: { value: string; onChange: (path: string) => void }) {
  const [draft, setDraft] = useState(value);
  return (
    <Field.Root mt="4">
      <Field.Label>Image field</Field.Label>
      <Input
        size="sm"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => onChange(draft)}
        onKeyDown={(event) => event.key === 'Enter' && onChange(draft)}
        spellCheck={false}
      />
      <Field.HelperText>
        Where this marketplace keeps a product&apos;s picture URL, as a dotted path. Kept in this browser.
      </Field.HelperText>
    </Field.Root>
  );
}

/**
 * The products list's merchandise columns (picture first, price and stock after the fields), the page's prices
 * from one call, and their choices for the Columns dialog; null for any other list.
 */
export function useMerchandiseColumns(
  collection: CatalogueCollection,
  items: readonly Item[],
): { columns: readonly ExtraListColumn[]; choices: ExtraColumnChoices } | null {
  const { marketplace } = usePortalContext();
  const products = isProductsCollection(collection);
  const [shown, setShown] = useMerchandiseColumnChoice(marketplace.Id);
  const [imageField, setImageField] = useImageField(marketplace.Id);
  const priceOffered = usePriceScheduleList() !== null;
  // Price needs the schedules: not offered to roles that may not list them.
  const offered = useMemo(
    () => MERCHANDISE_COLUMNS.filter((column) => column !== 'price' || priceOffered),
    [priceOffered],
  );
  const visible = useMemo(() => offered.filter((column) => shown.includes(column)), [offered, shown]);
  const prices = usePagePriceSchedules(items, products && visible.includes('price'));
  const apiBaseUrl = useApiBaseUrl();
  const { schedules, isPending } = prices;

  const columns = useMemo((): ExtraListColumn[] => {
    const cells: Record<MerchandiseColumn, ExtraListColumn> = {
      image: {
        key: 'merchandise-image',
        placement: 'start',
        passive: true,
        header: <Text srOnly>Image</Text>,
        cell: (item) => (
          <ProductThumbnail url={productImageUrl(item, imageField, apiBaseUrl)} name={displayName(item)} />
        ),
      },
      price: {
        key: 'merchandise-price',
        // Read with the name, not beyond the fold of a wide table.
        placement: { afterField: 'Name' },
        cardLabel: 'Price',
        passive: true,
        header: 'Price',
        cell: (item) => {
          const id = defaultScheduleId(item);
          if (id && isPending) return <Text color="fg.muted">…</Text>;
          return (
            <Text as="span" whiteSpace="nowrap">
              {formatProductPrice(id ? schedules?.get(id) : undefined)}
            </Text>
          );
        },
      },
      inventory: {
        key: 'merchandise-inventory',
        // Read with the name, not beyond the fold of a wide table.
        placement: { afterField: 'Name' },
        cardLabel: 'Inventory',
        passive: true,
        header: 'Inventory',
        cell: (item) => {
          const text = inventoryText(item);
          return (
            <Text as="span" whiteSpace="nowrap" color={text === NOT_TRACKED ? 'fg.muted' : undefined}>
              {text}
            </Text>
          );
        },
      },
    };
    return visible.map((column) => cells[column]);
  }, [visible, imageField, apiBaseUrl, schedules, isPending]);

  if (!products) return null;
  const labelOf = (column: MerchandiseColumn) => MERCHANDISE_LABELS[column];
  return {
    columns,
    choices: {
      options: offered.map(labelOf),
      chosen: visible.map(labelOf),
      onChange: (labels) =>
        setShown(labels === null ? null : offered.filter((column) => labels.includes(labelOf(column)))),
      settings: <ImageFieldSetting key={imageField} value={imageField} onChange={setImageField} />,
    },
  };
}

/** The page's extra columns around the merchandise ones: the page's leading ones first, its trailing ones last. */
export function aroundMerchandise(
  pageColumns: readonly ExtraListColumn[] | undefined,
  merchandise: readonly ExtraListColumn[] | undefined,
): readonly ExtraListColumn[] | undefined {
  if (!merchandise || merchandise.length === 0) return pageColumns;
  const page = pageColumns ?? [];
  return [
    ...page.filter((column) => column.placement === 'start'),
    ...merchandise,
    ...page.filter((column) => column.placement === 'end'),
  ];
}
