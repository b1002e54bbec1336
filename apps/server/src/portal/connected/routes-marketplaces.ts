import type { ConnectMarketplaceInput, EditMarketplaceInput, MarketplaceSaved } from '@portal/contracts';
import { MARKETPLACE_ENVIRONMENTS } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { addConnectedTenant, removeConnectedTenant, renameConnectedTenant } from '../../identity/tenant-writes.ts';
import { callerOf } from '../auth.ts';
import { memberships, roleGroups } from '../db/schema.ts';
import { badRequest, forbidden, notFound } from '../problems.ts';
import { idParams, passedOn, requiredText } from '../route-schemas.ts';
import type { PortalServices } from '../services.ts';
import { connectedItem, hostedTenants, marketplaceList } from './routes-marketplaces-list.ts';
import { NEW_MARKETPLACE_ROLES, openSecretBox, passChecks, withInputProblems } from './routes-marketplaces-checks.ts';
import {
  addConnectedMarketplace,
  checkConnectedChanges,
  checkNewConnectedMarketplace,
  connectedCredentials,
  editConnectedMarketplace,
  LIMITS,
  listConnectedMarketplaces,
  recordReached,
  removeConnectedMarketplace,
} from './store.ts';
import { connectedOriginsChanged } from '../marketplace/connected-origins.ts';

/*
 * The Marketplaces page's routes (issue 21): `GET /marketplaces` for every member of the organization;
 * `POST /marketplaces`, `PATCH|DELETE /marketplaces/{id}` for its admins. Connecting and a new secret run the
 * connection checks first; the connected row and its identity tenant are written in one transaction, so the
 * marketplace appears in (and leaves) the tenant choice at sign-in and the tenant switcher with it.
 * Secrets are never logged and never answered.
 */

export const NEEDS_ORGANIZATION_ADMIN =
  'Only organization admins and owners can connect, edit or disconnect marketplaces.';
export const HOSTED_NOT_EDITABLE =
  'Hosted marketplaces are managed by the platform: they cannot be edited or disconnected here.';

// A secret is taken exactly as typed (not trimmed), so its schema asks only for something.
const secretText = { type: 'string', minLength: 1, maxLength: LIMITS.clientSecret } as const;

const connectBody = {
  type: 'object',
  required: ['Name', 'Environment', 'ApiUrl', 'ClientID', 'ClientSecret'],
  properties: {
    Name: requiredText(LIMITS.name),
    Environment: { type: 'string', enum: [...MARKETPLACE_ENVIRONMENTS] },
    ApiUrl: requiredText(LIMITS.apiUrl),
    ClientID: requiredText(LIMITS.clientId),
    ClientSecret: secretText,
  },
  maxProperties: 20,
} as const;

const editBody = {
  type: 'object',
  properties: { Name: requiredText(LIMITS.name), ClientSecret: secretText },
  maxProperties: 20,
} as const;

const savedAnswer = { 200: passedOn, 201: passedOn } as const;

/** The caller's organization; a token without one cannot have marketplaces to list. */
function organizationOf(request: FastifyRequest): string {
  const { organizationId } = callerOf(request);
  if (!organizationId) throw forbidden('The access token names no organization. Sign in again choosing one.');
  return organizationId;
}

/** The platform roles an existing marketplace's role groups hand out (the defaults until they were first read). */
async function rolesOfMarketplace(db: Db, marketplaceId: string): Promise<string[]> {
  const rows = await db
    .select({ ocRoles: roleGroups.ocRoles })
    .from(roleGroups)
    .where(eq(roleGroups.marketplaceId, marketplaceId));
  if (rows.length === 0) return [...NEW_MARKETPLACE_ROLES];
  return [...new Set(rows.flatMap((row) => row.ocRoles))];
}

/** 404 for an id the organization has no connected marketplace under; a hosted one's id says why it cannot. */
async function unknownConnected(db: Db, organizationId: string, id: string): Promise<Error> {
  const hosted = await hostedTenants(db, organizationId);
  if (hosted.some((tenant) => tenant.name === id)) return badRequest(HOSTED_NOT_EDITABLE);
  return notFound(`This organization has no connected marketplace '${id}'.`);
}

/** A hosted marketplace's name is taken too: two entries of one name in the tenant choice cannot be told apart. */
async function refuseHostedName(db: Db, organizationId: string, name: string): Promise<void> {
  const hosted = await hostedTenants(db, organizationId);
  if (hosted.some((tenant) => tenant.displayName.toLowerCase() === name.toLowerCase())) {
    const message = `Another marketplace of this organization is already called "${name}".`;
    throw badRequest(message, [{ field: 'Name', message }]);
  }
}

export function registerMarketplaceRoutes(app: FastifyInstance, services: PortalServices): void {
  const { db, platform, privateAddresses } = services;

  app.get('/marketplaces', { schema: { response: { 200: passedOn } } }, async (request) => {
    const organizationId = organizationOf(request);
    return marketplaceList(db, platform, organizationId, callerOf(request).isOrganizationAdmin);
  });

  void app.register(async (admins) => {
    admins.addHook('preHandler', async (request) => {
      organizationOf(request);
      if (!callerOf(request).isOrganizationAdmin) throw forbidden(NEEDS_ORGANIZATION_ADMIN);
    });

    admins.post<{ Body: ConnectMarketplaceInput }>(
      '/marketplaces',
      { schema: { body: connectBody, response: savedAnswer } },
      async (request, reply) => {
        const organizationId = organizationOf(request);
        const { Name, Environment, ApiUrl, ClientID, ClientSecret } = request.body;
        const input = await withInputProblems(() =>
          checkNewConnectedMarketplace({
            name: Name,
            environment: Environment,
            apiUrl: ApiUrl,
            clientId: ClientID,
            clientSecret: ClientSecret,
          }),
        );
        await refuseHostedName(db, organizationId, input.name);
        // A clash with a connected name is also caught by the unique index; checked first so nothing is probed.
        if ((await listConnectedMarketplaces(db, organizationId)).some((item) => item.name === input.name)) {
          const message = `Another marketplace of this organization is already called "${input.name}".`;
          throw badRequest(message, [{ field: 'Name', message }]);
        }
        const box = await openSecretBox(services.secretBox);
        const warnings = await passChecks({ ...input, roles: NEW_MARKETPLACE_ROLES }, privateAddresses);
        const added = await withInputProblems(() =>
          db.transaction(async (tx) => {
            const row = await addConnectedMarketplace(tx, box, organizationId, input);
            await addConnectedTenant(tx, { id: row.id, organizationId, displayName: row.name });
            return row;
          }),
        );
        await recordReached(db, added.id);
        // The web app's pages may call the new marketplace's API from now on (CSP connect-src).
        connectedOriginsChanged(db);
        const saved: MarketplaceSaved = {
          Marketplace: connectedItem({ ...added, lastReachedAt: new Date(), lastError: null }),
          Warnings: warnings,
        };
        return reply.code(201).send(saved);
      },
    );

    admins.patch<{ Params: { id: string }; Body: EditMarketplaceInput }>(
      '/marketplaces/:id',
      { schema: { params: idParams('id'), body: editBody, response: savedAnswer } },
      async (request) => {
        const organizationId = organizationOf(request);
        const { id } = request.params;
        if (request.body.Name === undefined && request.body.ClientSecret === undefined) {
          throw badRequest('Give a new Name or a new ClientSecret.', [
            { field: 'Name', message: 'Give a new Name or a new ClientSecret.' },
          ]);
        }
        const changes = await withInputProblems(() =>
          checkConnectedChanges({ name: request.body.Name, clientSecret: request.body.ClientSecret }),
        );
        const box = await openSecretBox(services.secretBox);
        const current = await connectedCredentials(db, box, organizationId, id);
        if (!current) throw await unknownConnected(db, organizationId, id);
        if (changes.name !== undefined) await refuseHostedName(db, organizationId, changes.name);
        const warnings =
          changes.clientSecret === undefined
            ? []
            : await passChecks(
                { ...current, clientSecret: changes.clientSecret, roles: await rolesOfMarketplace(db, id) },
                privateAddresses,
              );
        const edited = await withInputProblems(() =>
          db.transaction(async (tx) => {
            const row = await editConnectedMarketplace(tx, box, organizationId, id, changes);
            if (row && changes.name !== undefined) await renameConnectedTenant(tx, organizationId, id, row.name);
            return row;
          }),
        );
        // Disconnected by someone else between the read and the write.
        if (!edited) throw notFound(`This organization has no connected marketplace '${id}'.`);
        if (changes.clientSecret !== undefined) await recordReached(db, id);
        const [listed] = (await listConnectedMarketplaces(db, organizationId)).filter((item) => item.id === id);
        const saved: MarketplaceSaved = { Marketplace: connectedItem(listed ?? edited), Warnings: warnings };
        return saved;
      },
    );

    admins.delete<{ Params: { id: string } }>(
      '/marketplaces/:id',
      { schema: { params: idParams('id') } },
      async (request, reply) => {
        const organizationId = organizationOf(request);
        const { id } = request.params;
        const removed = await db.transaction(async (tx) => {
          if (!(await removeConnectedMarketplace(tx, organizationId, id))) return false;
          await removeConnectedTenant(tx, organizationId, id);
          // What the portal kept for the marketplace id; nothing on the remote marketplace is called.
          await tx.delete(memberships).where(eq(memberships.marketplaceId, id));
          await tx.delete(roleGroups).where(eq(roleGroups.marketplaceId, id));
          return true;
        });
        if (!removed) throw await unknownConnected(db, organizationId, id);
        connectedOriginsChanged(db);
        return reply.code(204).send();
      },
    );
  });
}
