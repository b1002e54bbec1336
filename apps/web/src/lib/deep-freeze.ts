/**
 * Freezes a value and everything reachable from it, so shared models cannot be changed by any consumer.
 * Shared and cyclic references are frozen once; typed arrays and other exotic objects are left as they are, and so
 * is what sits under a key of `skipKeys`.
 *
 * @example
 * const model = deepFreeze({ sections: [{ id: 'Buyers' }] });
 * Object.isFrozen(model.sections[0]); // true
 */
export function deepFreeze<T>(value: T, options: { skipKeys?: ReadonlySet<string> } = {}): T {
  const { skipKeys } = options;
  const seen = new WeakSet<object>();
  const stack: unknown[] = [value];
  // Iterative so a deeply nested schema cannot overflow the call stack.
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    if (ArrayBuffer.isView(current)) continue;
    seen.add(current);
    Object.freeze(current);
    for (const key of Reflect.ownKeys(current)) {
      // Values under a skipped key stay as they are (the holder itself is frozen, so they cannot be replaced).
      if (typeof key === 'string' && skipKeys?.has(key)) continue;
      stack.push((current as Record<PropertyKey, unknown>)[key]);
    }
  }
  return value;
}
