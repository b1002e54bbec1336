import type { ResourceDefinition } from '../types.ts';
import type { Created, Item, Method } from './sample-values.ts';

/**
 * What makers and overrides (sample-makers.ts, sample-overrides.ts) ask of the sample factory: the
 * steps they prepare a sample with. SampleFactory is one; naming only these keeps the factory's
 * tables of makers and overrides from importing the factory that reads them.
 */
export interface SampleSteps {
  /** A resource of the registry by name. */
  resource(name: string): ResourceDefinition;
  /** A path with its `{param}` segments filled in. */
  url(path: string, params: Readonly<Record<string, string>>): string;
  /** One request that must answer `status`; answers its JSON body. */
  expect(method: Method, url: string, body: unknown, status: number): Promise<Item>;
  /** Creates an object of `resource` and whatever it needs. */
  create(resource: ResourceDefinition, given?: Readonly<Record<string, string>>, depth?: number): Promise<Created>;
  /** An order with one line item, submitted and Open. */
  submittedOrder(depth?: number): Promise<{ order: Item; lineItem: Item }>;
  /** Holds orders (or returns) of one order for approval when they are submitted. */
  holdForApproval(type: 'Order' | 'OrderReturn', orderId: string, depth?: number): Promise<void>;
  /** The one object a list-only collection holds after an action that was to reach `state`. */
  onlyItem(resourceName: string, params: Readonly<Record<string, string>>, state: Item, made: Item): Promise<Created>;
}
