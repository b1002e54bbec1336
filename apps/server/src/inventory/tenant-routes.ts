import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendUnauthorized, type AccessTokenVerifier } from '../identity/access-tokens.ts';
import type { TenantRow } from '../identity/directory.ts';
import {
  findTenantForUser,
  listTenantsForUser,
  TENANT_STATES,
  tenantPortalUrl,
  type TenantFilters,
  type TenantState,
} from '../identity/tenant-queries.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** A tenant as the inventory serves it (spec §3 "Tenant"). */
export interface TenantResource {
  id: string;
  name: string;
  displayName: string;
  organizationId: string;
  systemId: string;
  state: TenantState;
  createdAt: string;
  annotations: { URL: string };
}

export interface TenantList {
  items: TenantResource[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
}

class BadQuery extends Error {}

function wholeNumber(raw: string | undefined, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > max) {
    throw new BadQuery(`${name} must be a whole number from 1 to ${max}; got "${raw}".`);
  }
  return value;
}

/** Query keys are matched without case: the portal sends `pagenumber`, other clients `pageNumber`. */
function queryOf(request: FastifyRequest): Map<string, string> {
  const query = new Map<string, string>();
  for (const [key, value] of Object.entries(request.query as Record<string, unknown>)) {
    const text = Array.isArray(value) ? value.at(-1) : value;
    if (typeof text === 'string') query.set(key.toLowerCase(), text);
  }
  return query;
}

function parseList(request: FastifyRequest): { filters: TenantFilters; pageNumber: number; pageSize: number } {
  const query = queryOf(request);
  const state = query.get('state') || undefined;
  if (state && !TENANT_STATES.includes(state as TenantState)) {
    throw new BadQuery(`state must be one of ${TENANT_STATES.join(', ')}; got "${state}".`);
  }
  return {
    pageNumber: wholeNumber(query.get('pagenumber'), 'pagenumber', 1, Number.MAX_SAFE_INTEGER),
    pageSize: wholeNumber(query.get('pagesize'), 'pagesize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    filters: {
      state: state as TenantState | undefined,
      organizationId: query.get('organizationid') || undefined,
      systemId: query.get('systemid') || undefined,
      name: query.get('name') || undefined,
    },
  };
}

/**
 * `GET /tenants` and `GET /tenants/:id`: the tenants of the caller's organizations, for the
 * identity provider's access token.
 */
export function registerTenantRoutes(app: FastifyInstance, verifier: AccessTokenVerifier): void {
  const { db } = app.database;
  const toResource = (tenant: TenantRow): TenantResource => ({
    id: tenant.id,
    name: tenant.name,
    displayName: tenant.displayName,
    organizationId: tenant.organizationId,
    systemId: tenant.systemId,
    state: tenant.state as TenantState,
    createdAt: tenant.createdAt.toISOString(),
    annotations: { URL: tenantPortalUrl(app.config.publicUrl, tenant) },
  });

  async function caller(request: FastifyRequest, reply: FastifyReply): Promise<string | undefined> {
    const claims = await verifier.verify(request.headers.authorization);
    if (!claims) sendUnauthorized(reply, request);
    reply.header('cache-control', 'private, no-store');
    return claims?.sub;
  }

  app.get('/tenants', async (request, reply) => {
    const userId = await caller(request, reply);
    if (!userId) return reply;
    let parsed: ReturnType<typeof parseList>;
    try {
      parsed = parseList(request);
    } catch (error) {
      if (!(error instanceof BadQuery)) throw error;
      return reply.code(400).send({ error: 'Bad Request', message: error.message, requestId: request.id });
    }
    const { filters, pageNumber, pageSize } = parsed;
    const page = await listTenantsForUser(db, userId, filters, { pageNumber, pageSize });
    const body: TenantList = { items: page.items.map(toResource), totalCount: page.totalCount, pageNumber, pageSize };
    return body;
  });

  app.get('/tenants/:id', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const userId = await caller(request, reply);
    if (!userId) return reply;
    const tenant = await findTenantForUser(db, userId, request.params.id);
    if (!tenant) {
      return reply.code(404).send({
        error: 'Not Found',
        message: `No tenant "${request.params.id}" in your organizations.`,
        requestId: request.id,
      });
    }
    return toResource(tenant);
  });
}
