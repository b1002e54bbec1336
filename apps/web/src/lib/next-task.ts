/**
 * Resolves in a later task: the browser may draw, answer input and send the requests the current task started in
 * between (the boot's steps on the way home, issue 22).
 *
 * @example
 * await nextTask();
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
