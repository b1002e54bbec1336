import type { FastifyInstance } from 'fastify';
import type { ChangeHistoryQuery } from '@portal/contracts';
import { requireGrant } from './access.ts';
import { callerOf } from './auth.ts';
import { marketplaceFor } from './marketplace/resolve.ts';
import { requireHosted } from './marketplace/require-hosted.ts';
import { portalUserOf } from './portal-user.ts';
import { badRequest, forbidden } from './problems.ts';
import { createReadRoles } from './read-roles.ts';
import { optionalText, wholeNumber } from './route-schemas.ts';
import type { PortalServices } from './services.ts';

/** What someone without the AuditReader grant is told on the Activity page. */
export const ACTIVITY_NOT_AUTHORIZED =
  "You are not authorized to read the marketplace's change history. Please contact your organization administrator to adjust your permissions.";

const TOOL = 'The change history';
const TEXT = optionalText(400);
const TIME = { type: 'string', format: 'date-time', maxLength: 40 } as const;
const PAGE = { PageKey: { type: 'string', pattern: '^[1-9][0-9]{0,17}$' }, PageSize: wholeNumber(1, 100) } as const;

const activityQuery = {
  type: 'object',
  properties: {
    UserID: TEXT,
    ClientID: TEXT,
    ResourceType: TEXT,
    ResourceID: TEXT,
    ParentIDs: TEXT,
    OperationID: TEXT,
    RequestID: TEXT,
    From: TIME,
    To: TIME,
    ...PAGE,
  },
} as const;

const resourceQuery = {
  type: 'object',
  required: ['ResourceType', 'ResourceID'],
  properties: { ResourceType: TEXT, ResourceID: TEXT, ParentIDs: TEXT, ...PAGE },
} as const;

/** The filters that were given, as the management API takes them. */
function passOn(query: ChangeHistoryQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      // An empty ParentIDs is a filter too: a top-level item, not one nested under another with the same id.
      .filter(([name, value]) => value !== undefined && (value !== '' || name === 'ParentIDs'))
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * The change history (issue 23), hosted marketplaces only (409 on a connected one):
 * - `GET /change-history`: the Activity page, for organization admins and the AuditReader grant;
 * - `GET /change-history/resource?ResourceType=&ResourceID=&ParentIDs=`: one item's History tab, for whoever holds
 *   a platform role that reads that kind of item (the roles its Get operation names in the API description).
 */
export function registerChangeHistoryRoutes(app: FastifyInstance, services: PortalServices): void {
  const { db, platform } = services;
  const readRoles = createReadRoles((url) => platform.getPublicJson(url));

  void app.register(async (activity) => {
    activity.addHook('preHandler', requireHosted(services, TOOL));
    activity.addHook('preHandler', requireGrant(db, 'AuditReader', ACTIVITY_NOT_AUTHORIZED));
    activity.get<{ Querystring: ChangeHistoryQuery }>(
      '/change-history',
      { schema: { querystring: activityQuery } },
      async (request) => {
        const query = request.query;
        if (query.From && query.To && Date.parse(query.From) >= Date.parse(query.To))
          throw badRequest('From must be before To.', [{ field: 'From', message: 'From must be before To.' }]);
        return platform.listChanges(callerOf(request).tenantName, passOn(query));
      },
    );
  });

  void app.register(async (history) => {
    history.addHook('preHandler', requireHosted(services, TOOL));
    history.get<{
      Querystring: Pick<ChangeHistoryQuery, 'ResourceType' | 'ResourceID' | 'ParentIDs' | 'PageKey' | 'PageSize'>;
    }>('/change-history/resource', { schema: { querystring: resourceQuery } }, async (request) => {
      const caller = callerOf(request);
      const user = await portalUserOf(db, caller);
      const type = request.query.ResourceType ?? '';
      if (!user.IsOrganizationAdmin && !user.OcRoles.includes('FullAccess')) {
        const { CoreApiUrl } = await (await marketplaceFor(services, caller)).describe();
        const roles = (await readRoles(CoreApiUrl)).get(type);
        if (!roles)
          throw badRequest(`${type} is not a resource type of the platform.`, [
            { field: 'ResourceType', message: `${type} is not a resource type of the platform.` },
          ]);
        const open = roles.size === 0;
        if (!open && !user.OcRoles.some((role) => roles.has(role)))
          throw forbidden(`You are not authorized to read the history of ${type}: it needs a role that reads them.`);
      }
      return platform.listChanges(
        caller.tenantName,
        passOn({ ...request.query, ParentIDs: request.query.ParentIDs ?? '' }),
      );
    });
  });
}
