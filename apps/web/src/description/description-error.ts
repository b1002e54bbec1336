/**
 * The API description could not be loaded or understood. Its message names what was wrong and where, so the
 * render gate can show it as is and a developer can fix the platform or the cache from it.
 *
 * @example
 * throw new DescriptionError('The reference #/components/schemas/Nope points at nothing in the API description.');
 */
export class DescriptionError extends Error {
  override readonly name = 'DescriptionError';
}
