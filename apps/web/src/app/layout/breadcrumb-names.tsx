import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/** Display names of id segments, keyed by the raw segment (e.g. `{ 'order-desk': 'Order Desk' }`). */
export type BreadcrumbNames = Readonly<Record<string, string>>;

interface BreadcrumbNamesContextValue {
  names: BreadcrumbNames;
  setName: (segment: string, name: string | undefined) => void;
}

const BreadcrumbNamesContext = createContext<BreadcrumbNamesContextValue | null>(null);

/** Holds the display names pages give to id segments; the layout puts it around the page and the crumbs. */
export function BreadcrumbNamesProvider({ children }: { children: ReactNode }) {
  const [names, setNames] = useState<BreadcrumbNames>({});
  const setName = useCallback((segment: string, name: string | undefined) => {
    setNames((current) => {
      if (current[segment] === name) return current;
      const next = { ...current };
      if (name === undefined) delete next[segment];
      else next[segment] = name;
      return next;
    });
  }, []);
  const value = useMemo(() => ({ names, setName }), [names, setName]);
  return <BreadcrumbNamesContext.Provider value={value}>{children}</BreadcrumbNamesContext.Provider>;
}

/** The names pages have given so far (empty outside a provider, so crumbs still render in isolation). */
export function useBreadcrumbNames(): BreadcrumbNames {
  return useContext(BreadcrumbNamesContext)?.names ?? EMPTY;
}

/**
 * Lets a page name an id segment of its path once it knows it; the name goes away with the page.
 *
 * @example
 * useBreadcrumbName(buyerId, buyer.data?.Name);
 */
export function useBreadcrumbName(segment: string | undefined, name: string | undefined): void {
  const setName = useContext(BreadcrumbNamesContext)?.setName;
  useEffect(() => {
    if (!setName || !segment || !name) return undefined;
    setName(segment, name);
    return () => setName(segment, undefined);
  }, [setName, segment, name]);
}

const EMPTY: BreadcrumbNames = {};
