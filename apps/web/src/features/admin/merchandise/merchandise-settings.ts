import { useCallback, useState } from 'react';
import { browserStorage, type ColumnStorage } from '../lib/columns';
import { DEFAULT_IMAGE_FIELD } from './merchandise-values';

// MERCHANDISE SETTINGS
// Two preferences of this browser, per marketplace: which merchandise columns the products list shows (all by
// default), and where a product's picture is read (xp.Images[0].Url unless the marketplace keeps it elsewhere).

export type MerchandiseColumn = 'image' | 'price' | 'inventory';

export const MERCHANDISE_COLUMNS: readonly MerchandiseColumn[] = ['image', 'price', 'inventory'];

export const MERCHANDISE_LABELS: Readonly<Record<MerchandiseColumn, string>> = {
  image: 'Image',
  price: 'Price',
  inventory: 'Inventory',
};

export const columnsKey = (marketplaceId: string) => `admin-merchandise-columns:${marketplaceId}`;
export const imageFieldKey = (marketplaceId: string) => `admin-merchandise-image-field:${marketplaceId}`;

/** The stored choice, or every column when nothing (or nothing readable) is stored. */
export function readMerchandiseColumns(storage: ColumnStorage | undefined, key: string): MerchandiseColumn[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
    if (!Array.isArray(parsed)) return [...MERCHANDISE_COLUMNS];
    return MERCHANDISE_COLUMNS.filter((column) => parsed.includes(column));
  } catch {
    return [...MERCHANDISE_COLUMNS];
  }
}

/** A dotted path: letters, digits and underscores between dots (`xp.Images.0.Url`, `xp.Photo`). */
export function isImageField(path: string): boolean {
  return /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(path.trim());
}

function store(key: string, value: string | null) {
  try {
    if (value === null) browserStorage()?.removeItem(key);
    else browserStorage()?.setItem(key, value);
  } catch {
    // Storage full or disabled: the choice lasts for this visit only.
  }
}

/** The shown merchandise columns and a setter (null = back to all). */
export function useMerchandiseColumnChoice(marketplaceId: string) {
  const key = columnsKey(marketplaceId);
  const [shown, setShown] = useState<MerchandiseColumn[]>(() => readMerchandiseColumns(browserStorage(), key));
  const choose = useCallback(
    (columns: readonly MerchandiseColumn[] | null) => {
      store(key, columns === null ? null : JSON.stringify(columns));
      setShown(columns === null ? [...MERCHANDISE_COLUMNS] : MERCHANDISE_COLUMNS.filter((c) => columns.includes(c)));
    },
    [key],
  );
  return [shown, choose] as const;
}

/** Where pictures are read for this marketplace, and a setter (an invalid or empty path resets to the default). */
export function useImageField(marketplaceId: string) {
  const key = imageFieldKey(marketplaceId);
  const [field, setField] = useState<string>(() => {
    const stored = browserStorage()?.getItem(key) ?? '';
    return isImageField(stored) ? stored.trim() : DEFAULT_IMAGE_FIELD;
  });
  const choose = useCallback(
    (path: string) => {
      const next = isImageField(path) ? path.trim() : DEFAULT_IMAGE_FIELD;
      store(key, next === DEFAULT_IMAGE_FIELD ? null : next);
      setField(next);
    },
    [key],
  );
  return [field, choose] as const;
}
