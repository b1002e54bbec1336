import type { Db } from '../../db/database.ts';
import type { Item } from '../engine/item.ts';
import { withDefaults } from '../engine/validate.ts';
import {
  assignmentKind,
  type AssignmentDefinition,
  type Registry,
  type ResourceDefinition,
} from '../resources/types.ts';
import { insertAssignments, insertDocuments, type AssignmentRow, type DocumentRow } from './batch.ts';

/** What a seeding wrote, by resource or assignment kind. */
export type SeedCounts = Record<string, number>;

/**
 * Collects a marketplace's documents and assignments in memory, shaped exactly as the API stores
 * them, and writes them in a few batch statements. Shapes come from the registry: every model
 * field is present (null or its default when not given), and unknown fields are dropped, so a
 * seeded object lists, filters and presents like one created through the API.
 */
export class SeedWriter {
  private readonly documents: DocumentRow[] = [];
  private readonly assignments: AssignmentRow[] = [];
  private readonly resources = new Map<string, ResourceDefinition>();
  private readonly assignmentDefinitions = new Map<string, AssignmentDefinition>();

  constructor(
    readonly registry: Registry,
    readonly marketplaceId: string,
  ) {
    for (const resource of registry.resources) {
      this.resources.set(resource.name, resource);
      for (const assignment of resource.assignments ?? []) {
        this.assignmentDefinitions.set(assignmentKind(assignment), assignment);
      }
    }
  }

  /** Whether the registry declares the resource (some families may not be declared yet). */
  has(resource: string): boolean {
    return this.resources.has(resource);
  }

  /**
   * The item completed to its model: every field present, absent ones null or defaulted.
   * A resource the registry does not declare (yet) keeps the object as built, which the seed
   * writes with every field of the public model already.
   */
  shape(resource: string, item: Item): Item {
    const definition = this.resources.get(resource);
    return definition ? withDefaults(definition.model, item) : { ...item };
  }

  /** Completes a nested object (an address inside an order) to a named model, when declared. */
  shapeModel(modelName: string, item: Item): Item {
    return this.registry.models.has(modelName) ? withDefaults(this.registry.model(modelName), item) : { ...item };
  }

  /**
   * Queues a document; answers the stored body (the same object, so a generator may still adjust
   * a figure before the flush). Singletons are stored with their resource name as ID, as the
   * engine does.
   */
  add(resource: string, parents: readonly string[], item: Item, secret?: Item): Item {
    const body = this.shape(resource, item);
    const singleton = this.resources.get(resource)?.singleton === true;
    const id = singleton ? resource : String(item.ID ?? '');
    if (id === '') throw new Error(`A seeded ${resource} has no ID.`);
    // Models without an ID field (shipment items, singletons) still keep their storage ID in the
    // body, as the engine stores them; their present hooks strip it on the way out.
    body.ID = id;
    this.documents.push({ resource, parents, id, body, secret });
    return body;
  }

  /**
   * Queues an assignment, completed to its model and keyed like the declaration says. Links that
   * a resource stores itself (product suppliers) have no declaration and pass their `keyFields`;
   * a kind with neither is skipped, since its key is unknown.
   */
  assign(kind: string, parents: readonly string[], item: Item, keyFields?: readonly string[]): Item | undefined {
    const definition = this.assignmentDefinitions.get(kind);
    const key = definition?.key ?? keyFields;
    if (!key) return undefined;
    const body = definition ? withDefaults(definition.model, item) : { ...item };
    this.assignments.push({ kind, parents, keyFields: key, body });
    return body;
  }

  /** Queued rows per resource and assignment kind. */
  counts(): SeedCounts {
    const counts: SeedCounts = {};
    for (const row of this.documents) counts[row.resource] = (counts[row.resource] ?? 0) + 1;
    for (const row of this.assignments) counts[row.kind] = (counts[row.kind] ?? 0) + 1;
    return counts;
  }

  /** Writes everything queued and empties the queues. */
  async flush(db: Db, options: { ignoreExisting?: boolean } = {}): Promise<{ documents: number; assignments: number }> {
    const documents = await insertDocuments(db, this.marketplaceId, this.documents, options);
    const assignments = await insertAssignments(db, this.marketplaceId, this.assignments, options);
    this.documents.length = 0;
    this.assignments.length = 0;
    return { documents, assignments };
  }
}
