// ERROR SUMMARY TEXT
// Spec 1 §8 / spec 2 §8: one message shows itself; several show a count with the messages listed below it.

export interface ErrorSummary {
  readonly title: string;
  readonly items: readonly string[];
}

/**
 * The summary for a form's messages, or null when there are none.
 *
 * @example
 * errorSummary(['Name is required']); // { title: 'Name is required', items: [] }
 * errorSummary(['a', 'b']); // { title: '2 errors need to be resolved.', items: ['a', 'b'] }
 */
export function errorSummary(messages: readonly string[]): ErrorSummary | null {
  if (messages.length === 0) return null;
  if (messages.length === 1) return { title: messages[0] ?? '', items: [] };
  return { title: `${messages.length} errors need to be resolved.`, items: messages };
}
