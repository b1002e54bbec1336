import { createHash } from 'node:crypto';
import type { PlatformOperation } from '../engine/operations.ts';
import { API_ROLES } from '../resources/roles.ts';
import { SECTIONS, tagName, type Registry, type SectionId } from '../resources/types.ts';
import type { OpenApiDocument, TagObject } from './openapi-types.ts';
import { buildPaths } from './paths.ts';
import { componentSchemas } from './schemas.ts';

export type { OpenApiDocument } from './openapi-types.ts';

/** What sidebars and documentation show under each section heading. */
const SECTION_DESCRIPTIONS: Record<SectionId, string> = {
  AuthenticationAndAuthorization:
    'How applications and users sign in and what they may do: API clients, security profiles, identity ' +
    'providers and impersonation. Roles are enforced by the API itself, so grant users only the roles they need.',
  MarketplaceOwners:
    'The organization that runs the marketplace: its users, groups and addresses, and marketplace-wide settings.',
  BuyersAndSuppliers:
    'The companies that buy through the marketplace and the companies that sell or fulfil through it, with their ' +
    'users, groups, addresses and payment means.',
  ProductsAndCatalogs:
    'What can be sold and to whom: products, variants, specs, price schedules, catalogs, categories and promotions.',
  OrdersAndFulfillment: 'Orders from cart to delivery: line items, payments, approvals, shipments and returns.',
  Integrations:
    'Hooks into your own services: webhooks, integration events, message senders, synchronisation and delivery.',
  Configurations: 'Settings that shape how the marketplace behaves: incrementors, locales, xp indices and more.',
  MeAndMyStuff:
    'Everything from the point of view of the signed-in user: their profile, addresses, orders and products.',
};

/** Section tags (`x-id`), each followed by its resource tags (`x-section-id`) in declaration order. */
function buildTags(registry: Registry): TagObject[] {
  const tags: TagObject[] = [];
  for (const section of SECTIONS) {
    // Sub-resources publish their operations under their owner's tag, so they get none of their own.
    const resources = registry.resources.filter(
      (resource) => resource.section === section.id && !resource.operationOwner,
    );
    if (resources.length === 0) continue;
    tags.push({ name: section.name, description: SECTION_DESCRIPTIONS[section.id], 'x-id': section.id });
    for (const resource of resources) {
      tags.push({ name: tagName(resource), description: resource.description, 'x-section-id': section.id });
    }
  }
  return tags;
}

/** JSON with object keys sorted, so that the hash depends on content and never on insertion order. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`).join(',')}}`;
}

/**
 * The four-part version of a description (`1.0.<n>.<m>`), a hash of its content. The version
 * itself, the server URL and the token URL are left out: they change with where the platform
 * runs, not with what the API is, and clients key their caches by base URL anyway.
 */
export function descriptionVersion(doc: OpenApiDocument): string {
  const flows = doc.components.securitySchemes.OAuth2.flows;
  const content = {
    ...doc,
    info: { ...doc.info, version: '' },
    servers: [],
    components: {
      ...doc.components,
      securitySchemes: {
        OAuth2: {
          ...doc.components.securitySchemes.OAuth2,
          flows: {
            password: { ...flows.password, tokenUrl: '' },
            clientCredentials: { ...flows.clientCredentials, tokenUrl: '' },
          },
        },
      },
    },
  };
  const digest = createHash('sha256').update(canonical(content)).digest();
  return `1.0.${digest.readUInt16BE(0)}.${digest.readUInt32BE(2) % 100_000}`;
}

export interface DescriptionInput {
  registry: Registry;
  /** The operation table from `buildOperations(registry)`: the same one the router serves. */
  operations: readonly PlatformOperation[];
  /** Public base URL of the server (no trailing slash), e.g. `http://localhost:4000`. */
  publicUrl: string;
}

/**
 * The OpenAPI 3.0 description of the platform, in the shape of the public one: section and
 * resource tags, `Resource.Method` operation ids, per-operation OAuth2 roles, `allOf` request
 * bodies and inline `{Items, Meta}` list answers. Built only from the registry and the operation
 * table, so it cannot drift from what the router serves.
 */
export function buildDescription({ registry, operations, publicUrl }: DescriptionInput): OpenApiDocument {
  const base = publicUrl.replace(/\/+$/, '');
  const tokenUrl = `${base}/platform/oauth/token`;
  const scopes = Object.fromEntries(API_ROLES.map((role) => [role, '']));
  if (registry.models.has('Meta')) throw new Error('The model name Meta is reserved for list paging.');
  const doc: OpenApiDocument = {
    openapi: '3.0.3',
    info: {
      title: 'Marketplace Platform API',
      description:
        'The commerce API of the marketplace: products, catalogs, buyers, suppliers, orders and everything ' +
        'around them. Every call needs an access token from the token endpoint; each operation lists the ' +
        'roles that allow it.',
      version: '',
    },
    servers: [{ url: `${base}/platform/v1`, description: 'Platform API (resources that require an access token)' }],
    tags: buildTags(registry),
    components: {
      securitySchemes: {
        OAuth2: {
          type: 'oauth2',
          description: 'Access tokens carry roles; an operation is allowed when the token holds one of its roles.',
          flows: { password: { tokenUrl, scopes }, clientCredentials: { tokenUrl, scopes } },
        },
      },
      schemas: componentSchemas(registry),
    },
    paths: buildPaths(registry, operations),
  };
  doc.info.version = descriptionVersion(doc);
  return doc;
}
