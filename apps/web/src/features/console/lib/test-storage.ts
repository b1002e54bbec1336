/** An in-memory `Storage` stand-in, so storage tests neither share nor leak state through happy-dom's global one. */
export function memoryStorage(initial: Record<string, string> = {}): Pick<
  Storage,
  'getItem' | 'setItem' | 'removeItem'
> & {
  readonly data: Map<string, string>;
} {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

/** A storage that throws like a disabled or full browser storage. */
export const throwingStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};
