import type { FastifyInstance } from 'fastify';
import { callerOf } from './auth.ts';
import type { MgmtApiClient, MgmtSignInUser } from './platform-client.ts';
import { portalUserOf } from './portal-user.ts';
import { forbidden } from './problems.ts';
import { queryInteger, queryText, type PortalServices, type RawQuery } from './services.ts';

/** Page size of the API client picker (spec 1 §9). */
export const API_CLIENT_PAGE_SIZE = 100;

/** An API client as the impersonation picker shows it; never its secret. */
function apiClientView(client: MgmtApiClient) {
  return {
    Id: client.ID,
    AppName: client.AppName ?? null,
    Active: client.Active ?? true,
    AllowAnyBuyer: client.AllowAnyBuyer ?? false,
    AllowSeller: client.AllowSeller ?? false,
    // The platform has one seller flag; the picker's model names it both ways.
    AllowAnySeller: client.AllowSeller ?? false,
    AllowAnySupplier: client.AllowAnySupplier ?? false,
    IsAnonBuyer: client.IsAnonBuyer ?? false,
    AssignedBuyerCount: client.AssignedBuyerCount ?? 0,
    AssignedSupplierCount: client.AssignedSupplierCount ?? 0,
  };
}

/** A user of an API client as the impersonation picker shows it (spec 1 §3 "Impersonation user"). */
function impersonationUserView(user: MgmtSignInUser, clientId: string) {
  return {
    // Usernames are unique in a marketplace, which makes them the row's identity too.
    ID: user.Username,
    Username: user.Username,
    UserInteropId: user.ID,
    CompanyName: user.CompanyName,
    CompanyInteropId: user.CompanyID,
    CommerceRole: user.CommerceRole,
    ClientId: clientId,
    FirstName: user.FirstName,
    LastName: user.LastName,
    Email: user.Email,
  };
}

/** `GET /apiclients?search=&page=` and `GET /apiclients/{clientId}/users?search=&page=&pageSize=`. */
export function registerApiClientRoutes(app: FastifyInstance, { db, platform }: PortalServices): void {
  app.get<{ Querystring: RawQuery }>('/apiclients', async (request) => {
    const caller = callerOf(request);
    const result = await platform.listApiClients(caller.tenantName, {
      search: queryText(request.query, 'search'),
      page: queryInteger(request.query, 'page', 1, 100_000),
      pageSize: API_CLIENT_PAGE_SIZE,
    });
    return { Items: result.Items.map(apiClientView), Meta: result.Meta };
  });

  app.get<{ Params: { clientId: string }; Querystring: RawQuery }>('/apiclients/:clientId/users', async (request) => {
    const caller = callerOf(request);
    const user = await portalUserOf(db, caller);
    const grants = user.ScPermissionGrants;
    // Only someone who may impersonate needs to browse the users of the marketplace's clients.
    if (!grants.ImpersonateBuyer && !grants.ImpersonateSeller && !grants.ImpersonateSupplier) {
      throw forbidden('Listing the users of an API client needs one of the impersonation permissions.');
    }
    const { clientId } = request.params;
    const result = await platform.listClientUsers(caller.tenantName, clientId, {
      search: queryText(request.query, 'search'),
      page: queryInteger(request.query, 'page', 1, 100_000),
      pageSize: queryInteger(request.query, 'pageSize', 1, 100) ?? API_CLIENT_PAGE_SIZE,
    });
    return { Items: result.Items.map((item) => impersonationUserView(item, clientId)), Meta: result.Meta };
  });
}
