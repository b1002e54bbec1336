import type { OpenApiDocument, OperationObject, SchemaObject } from './openapi-types.ts';

const SCHEMA_PREFIX = '#/components/schemas/';
const TYPES = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array']);

/** Every `$ref` anywhere in a value, in document order. */
export function collectRefs(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => collectRefs(item, into));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') into.push(item);
      // Examples are data, not schema: a `$ref` key inside one would not be a reference.
      else if (key !== 'example') collectRefs(item, into);
    }
  }
  return into;
}

function schemaProblems(schema: SchemaObject, where: string, problems: string[]): void {
  if (schema.type !== undefined && !TYPES.has(schema.type)) problems.push(`${where}: unknown type ${schema.type}`);
  if (schema.type === 'array' && !schema.items) problems.push(`${where}: array without items`);
  if (schema.required !== undefined && schema.required.length === 0) problems.push(`${where}: empty required`);
  if (schema.enum !== undefined && schema.enum.length === 0) problems.push(`${where}: empty enum`);
  if (schema.readOnly && schema.writeOnly) problems.push(`${where}: both readOnly and writeOnly`);
  if (schema.items) schemaProblems(schema.items, `${where}.items`, problems);
  schema.allOf?.forEach((part, index) => schemaProblems(part, `${where}.allOf[${index}]`, problems));
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    schemaProblems(property, `${where}.${name}`, problems);
  }
}

function operationProblems(
  doc: OpenApiDocument,
  path: string,
  operation: OperationObject,
  tags: ReadonlySet<string>,
  problems: string[],
): void {
  const where = `${operation.operationId} (${path})`;
  if (!/^[A-Za-z]+\.[A-Za-z]+$/.test(operation.operationId))
    problems.push(`${where}: operationId is not Resource.Method`);
  if (operation.tags.length !== 1 || !tags.has(operation.tags[0] as string)) problems.push(`${where}: unknown tag`);
  const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
  const declared = (operation.parameters ?? []).filter((param) => param.in === 'path').map((param) => param.name);
  if (templated.join() !== declared.join()) problems.push(`${where}: path parameters ${declared} != ${templated}`);
  const seen = new Set<string>();
  for (const param of operation.parameters ?? []) {
    const key = `${param.in}:${param.name}`;
    if (seen.has(key)) problems.push(`${where}: parameter ${key} twice`);
    seen.add(key);
    if (param.in === 'path' && !param.required) problems.push(`${where}: path parameter ${param.name} optional`);
    schemaProblems(param.schema, `${where} ${param.name}`, problems);
  }
  const statuses = Object.keys(operation.responses);
  if (statuses.length === 0 || statuses.some((status) => !/^[1-5]\d\d$/.test(status))) {
    problems.push(`${where}: bad responses ${statuses}`);
  }
  for (const [status, response] of Object.entries(operation.responses)) {
    if (typeof response.description !== 'string') problems.push(`${where}: response ${status} lacks a description`);
    if (response.content) schemaProblems(response.content['application/json'].schema, `${where} ${status}`, problems);
  }
  if (operation.requestBody) schemaProblems(operation.requestBody.content['application/json'].schema, where, problems);
  const roles = operation.security[0]?.OAuth2;
  if (operation.security.length !== 1 || !roles) problems.push(`${where}: security must hold one OAuth2 entry`);
  else if (roles.length > 0 && roles[0] !== 'FullAccess') problems.push(`${where}: FullAccess is not first`);
  for (const role of roles ?? []) {
    if (!(role in doc.components.securitySchemes.OAuth2.flows.password.scopes)) {
      problems.push(`${where}: role ${role} is not a scope`);
    }
  }
}

/**
 * What keeps a description from being a well-formed OpenAPI 3.0 document of the platform's shape:
 * unresolved references, undeclared path parameters, duplicate operation ids or tags, bad security
 * blocks. Empty when there is nothing wrong. Used by the tests; cheap enough to run at start-up.
 */
export function descriptionProblems(doc: OpenApiDocument): string[] {
  const problems: string[] = [];
  if (!/^3\.0\.\d+$/.test(doc.openapi)) problems.push(`openapi ${doc.openapi} is not 3.0.x`);
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(doc.info.version)) problems.push(`version ${doc.info.version} is not four-part`);
  if (!doc.info.title) problems.push('info.title is empty');
  const tagNames = doc.tags.map((tag) => tag.name);
  const tags = new Set(tagNames);
  if (tags.size !== tagNames.length) problems.push('tag names are not unique');
  const sections = new Set(doc.tags.flatMap((tag) => (tag['x-id'] ? [tag['x-id']] : [])));
  for (const tag of doc.tags) {
    if (Boolean(tag['x-id']) === Boolean(tag['x-section-id']))
      problems.push(`tag ${tag.name}: needs x-id or x-section-id`);
    if (tag['x-section-id'] && !sections.has(tag['x-section-id'])) problems.push(`tag ${tag.name}: unknown section`);
  }
  for (const ref of collectRefs(doc)) {
    if (!ref.startsWith(SCHEMA_PREFIX) || !(ref.slice(SCHEMA_PREFIX.length) in doc.components.schemas)) {
      problems.push(`unresolved $ref ${ref}`);
    }
  }
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    if (schema.required) problems.push(`schema ${name}: component schemas carry no required list`);
    schemaProblems(schema, name, problems);
  }
  const ids = new Set<string>();
  const shapes = new Map<string, string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/')) problems.push(`path ${path} does not start with /`);
    // Paths that differ only in parameter names are the same path to OpenAPI, which forbids that.
    const shape = path.replace(/\{[^}]+\}/g, '{}');
    if (shapes.has(shape)) problems.push(`paths ${shapes.get(shape)} and ${path} are the same template`);
    shapes.set(shape, path);
    for (const operation of Object.values(item)) {
      if (ids.has(operation.operationId)) problems.push(`operationId ${operation.operationId} twice`);
      ids.add(operation.operationId);
      operationProblems(doc, path, operation, tags, problems);
    }
  }
  return problems;
}
