import { createContext, use, useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

export type ColorMode = 'light' | 'dark';

/** The localStorage key holding the user's choice; public/color-mode.js reads the same key before React starts. */
export const COLOR_MODE_STORAGE_KEY = 'portal-color-mode';

/** The subset of `Storage` the helpers need, so tests can pass a fake or a throwing one. */
export type ColorModeStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function isColorMode(value: unknown): value is ColorMode {
  return value === 'light' || value === 'dark';
}

/**
 * Reads the stored colour mode; anything other than 'light' or 'dark' counts as "no choice made".
 * Storage can throw (privacy modes, disabled cookies), which must never break the page.
 */
export function readStoredColorMode(storage: ColorModeStorage | undefined): ColorMode | null {
  try {
    const value = storage?.getItem(COLOR_MODE_STORAGE_KEY);
    return isColorMode(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers the choice; returns false when the storage refused it (the mode still applies for this visit). */
export function writeStoredColorMode(storage: ColorModeStorage | undefined, mode: ColorMode): boolean {
  try {
    if (!storage) return false;
    storage.setItem(COLOR_MODE_STORAGE_KEY, mode);
    return true;
  } catch {
    return false;
  }
}

/**
 * The stored choice wins; without one, the OS preference decides.
 *
 * @example
 * resolveColorMode(window.localStorage, window.matchMedia('(prefers-color-scheme: dark)').matches);
 */
export function resolveColorMode(storage: ColorModeStorage | undefined, prefersDark: boolean): ColorMode {
  return readStoredColorMode(storage) ?? (prefersDark ? 'dark' : 'light');
}

/** Chakra's `_dark` condition matches the `.dark` class, and `color-scheme` styles native controls and scrollbars. */
export function applyColorMode(root: HTMLElement, mode: ColorMode): void {
  root.classList.remove(mode === 'dark' ? 'light' : 'dark');
  root.classList.add(mode);
  root.style.colorScheme = mode;
}

function browserStorage(): ColorModeStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Some browsers throw on merely touching `localStorage` when storage is disabled.
    return undefined;
  }
}

function prefersDarkScheme(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches === true;
}

function initialColorMode(): ColorMode {
  return resolveColorMode(browserStorage(), prefersDarkScheme());
}

export interface ColorModeContextValue {
  colorMode: ColorMode;
  setColorMode: (mode: ColorMode) => void;
  toggleColorMode: () => void;
}

const ColorModeContext = createContext<ColorModeContextValue | null>(null);

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [colorMode, setColorModeState] = useState<ColorMode>(initialColorMode);

  useEffect(() => {
    applyColorMode(document.documentElement, colorMode);
  }, [colorMode]);

  const setColorMode = useCallback((mode: ColorMode) => {
    writeStoredColorMode(browserStorage(), mode);
    setColorModeState(mode);
  }, []);

  const toggleColorMode = useCallback(() => {
    setColorMode(colorMode === 'dark' ? 'light' : 'dark');
  }, [colorMode, setColorMode]);

  const value = useMemo(
    () => ({ colorMode, setColorMode, toggleColorMode }),
    [colorMode, setColorMode, toggleColorMode],
  );
  return <ColorModeContext value={value}>{children}</ColorModeContext>;
}

/**
 * The current colour mode and its setters.
 *
 * @example
 * const { colorMode, toggleColorMode } = useColorMode();
 */
export function useColorMode(): ColorModeContextValue {
  const value = use(ColorModeContext);
  if (!value) throw new Error('useColorMode must be used inside <ColorModeProvider> (see src/app/provider.tsx).');
  return value;
}
