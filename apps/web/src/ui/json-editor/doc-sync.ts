/** One replacement turning one text into another, in the shape editor transactions accept. */
export interface TextChange {
  readonly from: number;
  readonly to: number;
  readonly insert: string;
}

/**
 * The smallest single replacement that turns `current` into `next`, or null when they are equal.
 * Replacing only the differing middle, rather than the whole text, lets the editor map the cursor
 * and selection through an outside update instead of throwing them to the start or the end.
 */
export function changeBetween(current: string, next: string): TextChange | null {
  if (current === next) return null;
  const shorter = Math.min(current.length, next.length);
  let start = 0;
  while (start < shorter && current.charCodeAt(start) === next.charCodeAt(start)) start += 1;
  let end = 0;
  while (
    end < shorter - start &&
    current.charCodeAt(current.length - 1 - end) === next.charCodeAt(next.length - 1 - end)
  ) {
    end += 1;
  }
  return { from: start, to: current.length - end, insert: next.slice(start, next.length - end) };
}
