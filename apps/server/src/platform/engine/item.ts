/** Any stored object: the JSON body the API shows (ID, fields, xp). */
export type Item = Record<string, unknown>;
