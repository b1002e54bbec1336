/*
 * The API description as the portal reads it: the dereference the web app's description index expects, and the
 * trim the portal service applies once per marketplace build before serving it (issue 22). Declared here so the
 * server prepares exactly what the web app used to compute.
 */

type JsonObject = { [key: string]: unknown };

const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A reference that cannot be followed (external, malformed, or pointing at nothing). */
export class DescriptionReferenceError extends Error {
  override readonly name = 'DescriptionReferenceError';
}

/** Key added to every schema resolved from `#/components/schemas/{name}`, holding that name. */
export const SCHEMA_NAME_KEY = 'x-schema-name';
/** Key of the stub left where a reference points back into a schema that is still being resolved. */
export const CIRCULAR_REF_KEY = 'x-circular-ref';

const COMPONENT_SCHEMA_PREFIX = '#/components/schemas/';

/**
 * Resolves every local `$ref` of an OpenAPI document into a self-contained copy; the input is not changed.
 *
 * - Each reference target is resolved once and shared: every `$ref` to `User` yields the same object.
 * - `allOf` is merged into one schema (properties combined, `required` lists united, outer keys win), so a
 *   request body `{ allOf: [{ $ref: User }], required: [...] }` becomes the User schema with that `required`.
 * - Keys next to a `$ref` (`readOnly`, `description`) are laid over the target rather than dropped.
 * - A reference back into a schema still being resolved becomes `{ 'x-circular-ref': ref }`, so the result
 *   is always a finite tree that JSON, structured clone and naive recursive walkers can handle.
 *
 * Throws a {@link DescriptionReferenceError} for external references and references to nothing.
 *
 * @example
 * const doc = dereference(rawDocument);
 * doc.paths['/adminusers'].post.requestBody.content['application/json'].schema.required; // ['Username', ...]
 */
export function dereference<T>(document: T): T {
  const targets = collectRefTargets(document);
  const resolved = new Map<string, unknown>();
  const inProgress = new Set<string>();

  const resolveRef = (ref: string): unknown => {
    if (resolved.has(ref)) return resolved.get(ref);
    if (inProgress.has(ref)) return { [CIRCULAR_REF_KEY]: ref };
    const raw = readPointer(document, ref);
    if (raw === undefined)
      throw new DescriptionReferenceError(`The reference ${ref} points at nothing in the API description.`);
    inProgress.add(ref);
    let value = walk(raw, ref, true);
    if (ref.startsWith(COMPONENT_SCHEMA_PREFIX) && isJsonObject(value) && !(SCHEMA_NAME_KEY in value)) {
      value = { ...value, [SCHEMA_NAME_KEY]: unescapeToken(ref.slice(COMPONENT_SCHEMA_PREFIX.length)) };
    }
    inProgress.delete(ref);
    resolved.set(ref, value);
    return value;
  };

  const walkEntries = (node: JsonObject, pointer: string): JsonObject => {
    const out: JsonObject = {};
    for (const [key, child] of Object.entries(node)) out[key] = walk(child, `${pointer}/${escapeToken(key)}`, false);
    return out;
  };

  const walk = (node: unknown, pointer: string, isTargetRoot: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item, index) => walk(item, `${pointer}/${index}`, false));
    if (!isJsonObject(node)) return node;
    // A node that something else references is resolved through the memo, so both places share one object;
    // component schemas always are, so each carries its name even when nothing references it.
    if (!isTargetRoot && (targets.has(pointer) || isComponentSchemaPointer(pointer))) return resolveRef(pointer);
    if (typeof node.$ref === 'string') {
      const { $ref, ...siblings } = node;
      const target = resolveRef(normalizeRef($ref));
      if (Object.keys(siblings).length === 0 || !isJsonObject(target)) return target;
      // OpenAPI 3.0 says to ignore keys beside $ref, but descriptions put readOnly and descriptions there on
      // enum-typed properties, and the form engine needs them.
      return { ...target, ...walkEntries(siblings, pointer) };
    }
    const out = walkEntries(node, pointer);
    return Array.isArray(out.allOf) ? mergeAllOf(out) : out;
  };

  return walk(document, '#', false) as T;
}

/**
 * Merges an `allOf` schema (whose parts are already dereferenced) into one schema.
 *
 * @example
 * mergeAllOf({ allOf: [{ properties: { ID: {} } }], required: ['ID'] }); // { properties: { ID: {} }, required: ['ID'] }
 */
export function mergeAllOf(schema: JsonObject): JsonObject {
  const { allOf, ...own } = schema;
  let merged: JsonObject = {};
  if (Array.isArray(allOf)) {
    for (const part of allOf) if (isJsonObject(part)) merged = mergeTwo(merged, part);
  }
  return mergeTwo(merged, own);
}

function mergeTwo(base: JsonObject, extra: JsonObject): JsonObject {
  const out: JsonObject = { ...base, ...extra };
  if (isJsonObject(base.properties) && isJsonObject(extra.properties)) {
    out.properties = { ...base.properties, ...extra.properties };
  }
  const required = [...stringList(base.required), ...stringList(extra.required)];
  if (required.length > 0) out.required = [...new Set(required)];
  return out;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Every `$ref` in the document, normalised, so the walk knows which nodes must be shared. */
function collectRefTargets(document: unknown): Set<string> {
  const targets = new Set<string>();
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...node);
    } else if (isJsonObject(node)) {
      if (typeof node.$ref === 'string') targets.add(normalizeRef(node.$ref));
      stack.push(...Object.values(node));
    }
  }
  return targets;
}

function normalizeRef(ref: string): string {
  if (!ref.startsWith('#')) {
    throw new DescriptionReferenceError(
      `The API description refers to "${ref}"; only references inside the document work.`,
    );
  }
  try {
    // References are URI fragments, so `{` may arrive as %7B; pointers are compared decoded.
    return decodeURIComponent(ref);
  } catch {
    throw new DescriptionReferenceError(`The reference "${ref}" in the API description is not a valid URI fragment.`);
  }
}

function isComponentSchemaPointer(pointer: string): boolean {
  return pointer.startsWith(COMPONENT_SCHEMA_PREFIX) && !pointer.includes('/', COMPONENT_SCHEMA_PREFIX.length);
}

function escapeToken(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

function unescapeToken(token: string): string {
  return token.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Reads a JSON pointer (`#/a/b~1c`) from the document; undefined when any step is missing. */
function readPointer(document: unknown, ref: string): unknown {
  if (ref === '#') return document;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const token = unescapeToken(raw);
    if (Array.isArray(node)) {
      node = /^\d+$/.test(token) ? node[Number(token)] : undefined;
    } else if (isJsonObject(node) && Object.hasOwn(node, token)) {
      node = node[token];
    } else {
      return undefined;
    }
  }
  return node;
}

// TRIM
// What the portal reads of a dereferenced description (the web app's description index and form engine): the
// tags, each operation's id, tags, texts, parameters, request body, success response and roles, and the component
// schemas. Everything else (servers, security schemes, error responses, response headers) is dropped before the
// portal service serves a prepared description.

const HTTP_METHODS: readonly string[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const isHttpMethod = (key: string) => HTTP_METHODS.includes(key);

/**
 * The status of the response the portal shows for an operation: the lowest 2xx (201 before 204), else `2XX`,
 * else `default`; undefined when there is none.
 *
 * @example
 * successStatusOf({ '204': {}, '201': {}, '400': {} }); // '201'
 */
export function successStatusOf(responses: Record<string, unknown>): string | undefined {
  const codes = Object.keys(responses);
  return (
    codes.filter((code) => /^2\d\d$/.test(code)).sort()[0] ??
    codes.find((code) => code.toUpperCase() === '2XX') ??
    (codes.includes('default') ? 'default' : undefined)
  );
}

/**
 * The media type the portal reads of a content map: `application/json`, else the first one.
 *
 * @example
 * preferredMediaType({ 'text/plain': {}, 'application/json': {} }); // 'application/json'
 */
export function preferredMediaType(content: Record<string, unknown>): string | undefined {
  return 'application/json' in content ? 'application/json' : Object.keys(content)[0];
}

const pick = (from: JsonObject, keys: readonly string[]): JsonObject => {
  const out: JsonObject = {};
  for (const key of keys) if (from[key] !== undefined) out[key] = from[key];
  return out;
};

/** A content map with only the media type the portal reads, holding only its schema. */
function trimContent(content: unknown): JsonObject | undefined {
  if (!isJsonObject(content)) return undefined;
  const type = preferredMediaType(content);
  const media = type === undefined ? undefined : content[type];
  if (type === undefined || !isJsonObject(media)) return undefined;
  return { [type]: pick(media, ['schema']) };
}

function trimOperation(operation: JsonObject): JsonObject {
  const out = pick(operation, ['operationId', 'tags', 'summary', 'description', 'security']);
  if (Array.isArray(operation.parameters)) out.parameters = operation.parameters.map(trimParameter);
  if (isJsonObject(operation.requestBody)) {
    const content = trimContent(operation.requestBody.content);
    out.requestBody = { ...pick(operation.requestBody, ['required']), ...(content ? { content } : {}) };
  }
  if (isJsonObject(operation.responses)) {
    const status = successStatusOf(operation.responses);
    const response = status === undefined ? undefined : operation.responses[status];
    const content = isJsonObject(response) ? trimContent(response.content) : undefined;
    out.responses = status === undefined ? {} : { [status]: content ? { content } : {} };
  }
  return out;
}

function trimParameter(parameter: unknown): unknown {
  return isJsonObject(parameter) ? pick(parameter, ['name', 'in', 'required', 'description', 'schema']) : parameter;
}

/**
 * Keeps of a dereferenced description what the portal reads (see above); the input is not changed and the
 * schemas are kept whole, since the form engine reads any keyword of them.
 *
 * @example
 * const prepared = trimDescription(dereference(raw)); // what GET /portal-api/descriptions/{key}/{build} answers
 */
export function trimDescription<T>(document: T): T {
  if (!isJsonObject(document)) return document;
  const out = pick(document, ['openapi', 'security']);
  if (isJsonObject(document.info)) out.info = pick(document.info, ['title', 'version']);
  if (Array.isArray(document.tags)) {
    out.tags = document.tags.map((tag) =>
      isJsonObject(tag) ? pick(tag, ['name', 'description', 'x-id', 'x-section-id']) : tag,
    );
  }
  const paths: JsonObject = {};
  if (isJsonObject(document.paths)) {
    for (const [path, item] of Object.entries(document.paths)) {
      if (!isJsonObject(item)) continue;
      const trimmed: JsonObject = {};
      if (Array.isArray(item.parameters)) trimmed.parameters = item.parameters.map(trimParameter);
      // In the document's key order: the console lists operations as the document does.
      for (const [method, operation] of Object.entries(item)) {
        if (isHttpMethod(method) && isJsonObject(operation)) trimmed[method] = trimOperation(operation);
      }
      paths[path] = trimmed;
    }
  }
  out.paths = paths;
  const schemas = isJsonObject(document.components) ? document.components.schemas : undefined;
  out.components = isJsonObject(schemas) ? { schemas } : {};
  return out as T;
}

/**
 * The description the portal service serves: dereferenced, then trimmed to what the portal reads.
 *
 * @example
 * const body = JSON.stringify(prepareDescription(await fetchJson(`${coreApiUrl}/v1/openapi/v3`)));
 */
export function prepareDescription<T>(document: T): T {
  return trimDescription(dereference(document));
}
