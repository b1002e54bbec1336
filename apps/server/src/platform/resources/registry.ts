import type { FieldSchema, ModelDefinition } from './fields.ts';
import type { Registry, ResourceDefinition } from './types.ts';

export class RegistryError extends Error {}

function collectModelRefs(field: FieldSchema, into: Set<string>): void {
  if (field.modelRef) into.add(field.modelRef);
  if (field.items) collectModelRefs(field.items, into);
}

/**
 * Builds the registry and checks it: unique resource names and operationIds, every model and
 * enum reference resolves, every reference names a resource. A broken declaration stops the
 * server at start-up rather than failing on the first request.
 */
export function createRegistry(
  resources: readonly ResourceDefinition[],
  sharedModels: readonly ModelDefinition[],
  enums: Readonly<Record<string, readonly string[]>>,
): Registry {
  const byName = new Map<string, ResourceDefinition>();
  const models = new Map<string, ModelDefinition>();
  const addModel = (model: ModelDefinition) => {
    const existing = models.get(model.name);
    if (existing && existing !== model) throw new RegistryError(`Model ${model.name} is declared twice.`);
    models.set(model.name, model);
  };
  sharedModels.forEach(addModel);
  for (const resource of resources) {
    if (byName.has(resource.name)) throw new RegistryError(`Resource ${resource.name} is declared twice.`);
    byName.set(resource.name, resource);
    addModel(resource.model);
    resource.assignments?.forEach((assignment) => addModel(assignment.model));
    resource.extraOperations?.forEach((operation) => operation.listOf && addModel(operation.listOf));
  }

  const problems: string[] = [];
  const refs = new Set<string>();
  const enumRefs = new Set<string>();
  const walk = (field: FieldSchema) => {
    collectModelRefs(field, refs);
    if (field.enumRef) enumRefs.add(field.enumRef);
    if (field.items?.enumRef) enumRefs.add(field.items.enumRef);
  };
  for (const model of models.values()) Object.values(model.fields).forEach(walk);
  for (const resource of resources) {
    for (const operation of resource.extraOperations ?? []) {
      if (operation.body) walk(operation.body.schema);
      if (operation.response.schema) walk(operation.response.schema);
      operation.query?.forEach((param) => walk(param.schema));
    }
    for (const [field, reference] of Object.entries(resource.references ?? {})) {
      if (!byName.has(reference.resource))
        problems.push(`${resource.name}.${field} refers to unknown ${reference.resource}`);
    }
    for (const assignment of resource.assignments ?? []) {
      for (const [field, reference] of Object.entries(assignment.references)) {
        if (!byName.has(reference.resource))
          problems.push(`${assignment.model.name}.${field} refers to unknown ${reference.resource}`);
      }
    }
    if (resource.operationOwner && !byName.has(resource.operationOwner)) {
      problems.push(`${resource.name} is owned by unknown ${resource.operationOwner}`);
    }
    for (const field of resource.requiredOnCreate) {
      if (!(field in resource.model.fields)) problems.push(`${resource.name} requires unknown field ${field}`);
    }
  }
  for (const ref of refs) if (!models.has(ref)) problems.push(`unknown model ${ref}`);
  for (const ref of enumRefs) if (!enums[ref]) problems.push(`unknown enum ${ref}`);
  if (problems.length > 0)
    throw new RegistryError(`The resource registry is inconsistent:\n- ${problems.join('\n- ')}`);

  const registry: Registry = {
    resources,
    models,
    enums,
    resource(name) {
      const resource = byName.get(name);
      if (!resource) throw new RegistryError(`Unknown resource ${name}`);
      return resource;
    },
    model(name) {
      const model = models.get(name);
      if (!model) throw new RegistryError(`Unknown model ${name}`);
      return model;
    },
    fieldAt(model, path) {
      let current: ModelDefinition = model;
      for (let i = 0; i < path.length; i += 1) {
        const segment = path[i] as string;
        if (segment === 'xp' && i < path.length - 1) return 'dynamic';
        const field = current.fields[segment];
        if (!field) return undefined;
        if (i === path.length - 1) return field;
        if (field.modelRef) current = registry.model(field.modelRef);
        else if (field.type === 'object') return 'dynamic';
        else return undefined;
      }
      return undefined;
    },
  };
  return registry;
}
