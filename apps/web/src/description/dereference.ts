import { dereference as dereferenceShared, DescriptionReferenceError } from '@portal/contracts';
import { DescriptionError } from './description-error';

// The dereference itself is shared with the portal service, which prepares descriptions with it (issue 22).
export { CIRCULAR_REF_KEY, mergeAllOf, SCHEMA_NAME_KEY } from '@portal/contracts';

/**
 * Resolves every local `$ref` of an OpenAPI document into a self-contained copy (see the shared `dereference`);
 * a reference that cannot be followed is a {@link DescriptionError}, which the render gate shows.
 *
 * @example
 * const doc = dereference(rawDocument);
 */
export function dereference<T>(document: T): T {
  try {
    return dereferenceShared(document);
  } catch (error) {
    if (error instanceof DescriptionReferenceError) throw new DescriptionError(error.message);
    throw error;
  }
}
