import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyColorMode,
  COLOR_MODE_STORAGE_KEY,
  ColorModeProvider,
  readStoredColorMode,
  resolveColorMode,
  useColorMode,
  writeStoredColorMode,
} from './color-mode';
import type { ColorModeStorage } from './color-mode';

function memoryStorage(initial: Record<string, string> = {}): ColorModeStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

const brokenStorage: ColorModeStorage = {
  getItem: () => {
    throw new Error('SecurityError: storage is disabled');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('colour mode storage helpers', () => {
  it('reads a stored light or dark choice', () => {
    expect(readStoredColorMode(memoryStorage({ [COLOR_MODE_STORAGE_KEY]: 'dark' }))).toBe('dark');
    expect(readStoredColorMode(memoryStorage({ [COLOR_MODE_STORAGE_KEY]: 'light' }))).toBe('light');
  });

  it('treats missing, invalid and unreadable values as no choice', () => {
    expect(readStoredColorMode(memoryStorage())).toBeNull();
    expect(readStoredColorMode(memoryStorage({ [COLOR_MODE_STORAGE_KEY]: 'DARK' }))).toBeNull();
    expect(readStoredColorMode(brokenStorage)).toBeNull();
    expect(readStoredColorMode(undefined)).toBeNull();
  });

  it('falls back to the OS preference when there is no valid choice', () => {
    expect(resolveColorMode(memoryStorage({ [COLOR_MODE_STORAGE_KEY]: 'sepia' }), true)).toBe('dark');
    expect(resolveColorMode(brokenStorage, false)).toBe('light');
    expect(resolveColorMode(memoryStorage({ [COLOR_MODE_STORAGE_KEY]: 'light' }), true)).toBe('light');
  });

  it('writes the choice and reports a refusing storage instead of throwing', () => {
    const storage = memoryStorage();
    expect(writeStoredColorMode(storage, 'dark')).toBe(true);
    expect(storage.data[COLOR_MODE_STORAGE_KEY]).toBe('dark');
    expect(writeStoredColorMode(brokenStorage, 'dark')).toBe(false);
    expect(writeStoredColorMode(undefined, 'light')).toBe(false);
  });

  it('switches the html class and color-scheme', () => {
    const root = document.createElement('html');
    root.classList.add('light');
    applyColorMode(root, 'dark');
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.classList.contains('light')).toBe(false);
    expect(root.style.colorScheme).toBe('dark');
  });
});

function Probe() {
  const { colorMode, toggleColorMode } = useColorMode();
  return (
    <button type="button" onClick={toggleColorMode}>
      {colorMode}
    </button>
  );
}

describe('ColorModeProvider', () => {
  afterEach(() => {
    window.localStorage.clear();
    document.documentElement.className = '';
  });

  it('starts from the stored choice and remembers a toggle', () => {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    render(
      <ColorModeProvider>
        <Probe />
      </ColorModeProvider>,
    );
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    act(() => button.click());
    expect(button.textContent).toBe('light');
    expect(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('light');
    expect(document.documentElement.classList.contains('light')).toBe(true);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});
