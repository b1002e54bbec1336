/** Whether a value is a non-empty string: a given ID, name or URL. */
export const filled = (value: unknown): value is string => typeof value === 'string' && value !== '';
