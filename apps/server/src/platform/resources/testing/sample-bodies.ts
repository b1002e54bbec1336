/**
 * Valid request bodies for any resource or assignment of a registry, synthesized from the model and
 * `requiredOnCreate`, with the objects they point at (parents, references) created first. Used by
 * the generic registry suites, so a new resource is exercised without writing fixtures for it.
 *
 * The pieces: sample-values.ts (shared types, values of single fields), sample-overrides.ts (what the
 * resources' hooks need beyond their models), sample-makers.ts (objects that only other operations
 * make), sample-steps.ts (what those two ask of the factory) and sample-factory.ts (the factory that
 * puts them together through the HTTP API).
 */

export { SampleFactory } from './sample-factory.ts';
export { MAKERS } from './sample-makers.ts';
export { KEY_FIELDS, OVERRIDES, SCOPE_VALUES } from './sample-overrides.ts';
export {
  SAMPLE_DATE,
  sampleId,
  sampleValue,
  type Created,
  type Item,
  type Method,
  type Send,
} from './sample-values.ts';
