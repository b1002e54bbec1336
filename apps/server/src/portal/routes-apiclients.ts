import type { SignInUser } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { requirePortalUser } from './access.ts';
import { callerOf } from './auth.ts';
import { marketplaceFor } from './marketplace/resolve.ts';
import type { MgmtApiClient } from './platform-client.ts';
import { idParams, listAnswer, optionalText, wholeNumber } from './route-schemas.ts';
import type { PortalServices } from './services.ts';

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
function impersonationUserView(user: SignInUser, clientId: string) {
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

const listQuery = (pageSize: object | undefined) => ({
  type: 'object',
  properties: { search: optionalText(), page: wholeNumber(1, 100_000), ...(pageSize ? { pageSize } : {}) },
});

/** `GET /apiclients?search=&page=` and `GET /apiclients/{clientId}/users?search=&page=&pageSize=`. */
export function registerApiClientRoutes(app: FastifyInstance, services: PortalServices): void {
  const { db } = services;
  app.get<{ Querystring: ListQuery }>(
    '/apiclients',
    { schema: { querystring: listQuery(undefined), response: { 200: listAnswer } } },
    async (request) => {
      const marketplace = await marketplaceFor(services, callerOf(request));
      const result = await marketplace.listApiClients({
        search: request.query.search?.trim() || undefined,
        page: request.query.page,
        pageSize: API_CLIENT_PAGE_SIZE,
      });
      return { Items: result.Items.map(apiClientView), Meta: result.Meta };
    },
  );

  // Only someone who may impersonate needs to browse the users of the marketplace's clients.
  void app.register(async (impersonators) => {
    impersonators.addHook(
      'preHandler',
      requirePortalUser(
        db,
        ({ ScPermissionGrants: grants }) =>
          grants.ImpersonateBuyer || grants.ImpersonateSeller || grants.ImpersonateSupplier,
        'Listing the users of an API client needs one of the impersonation permissions.',
      ),
    );
    impersonators.get<{ Params: { clientId: string }; Querystring: ListQuery }>(
      '/apiclients/:clientId/users',
      {
        schema: {
          params: idParams('clientId'),
          querystring: listQuery(wholeNumber(1, 100)),
          response: { 200: listAnswer },
        },
      },
      async (request) => {
        const { clientId } = request.params;
        const marketplace = await marketplaceFor(services, callerOf(request));
        const result = await marketplace.listClientUsers(clientId, {
          search: request.query.search?.trim() || undefined,
          page: request.query.page,
          pageSize: request.query.pageSize ?? API_CLIENT_PAGE_SIZE,
        });
        return { Items: result.Items.map((item) => impersonationUserView(item, clientId)), Meta: result.Meta };
      },
    );
  });
}

interface ListQuery {
  search?: string;
  page?: number;
  pageSize?: number;
}
