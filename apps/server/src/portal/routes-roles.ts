import type { FastifyInstance } from 'fastify';
import { CHANNELS } from '../cluster/channels.ts';
import { requireGrant, requirePortalUser } from './access.ts';
import { callerOf } from './auth.ts';
import { badRequest, invalidFields, notFound } from './problems.ts';
import {
  addMember,
  getRoleGroup,
  isRoleGroupId,
  listMembers,
  listRoleGroups,
  removeMember,
  saveRoleGroup,
  type RoleGroupId,
} from './role-groups.ts';
import { parseRoleGroup } from './role-validation.ts';
import { idParams, listAnswer, passedOn, requiredText } from './route-schemas.ts';
import type { PortalServices } from './services.ts';
import { marketplaceFor } from './marketplace/resolve.ts';

// Plain address shape only: the identity provider has already verified the address it signs.
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;

function requireGroupId(id: string): RoleGroupId {
  if (!isRoleGroupId(id)) throw notFound(`There is no role group '${id}'.`);
  return id;
}

function memberEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > EMAIL_MAX_LENGTH) {
    throw badRequest(`'${raw}' is not an email address.`, [{ field: 'email', message: 'Email is invalid' }]);
  }
  return email;
}

/**
 * The roles page: `GET /marketplace/roles`, `GET|PUT /marketplace/roles/{id}` and the group
 * members, `GET /marketplace/roles/{id}/members`, `PUT|DELETE .../members/{email}`.
 */
export function registerRoleRoutes(app: FastifyInstance, services: PortalServices): void {
  const { db } = services;
  const groupParams = { params: idParams('id') };
  const memberParams = {
    params: { ...idParams('id', 'email'), properties: { id: requiredText(), email: requiredText(EMAIL_MAX_LENGTH) } },
  };

  app.get('/marketplace/roles', { schema: { response: { 200: listAnswer } } }, async (request) => {
    const marketplaceId = callerOf(request).tenantName;
    const [groups, members] = await Promise.all([listRoleGroups(db, marketplaceId), listMembers(db, marketplaceId)]);
    return { Items: groups.map((group) => ({ ...group, Members: members.get(group.Id) ?? [] })) };
  });

  app.get<{ Params: { id: string } }>(
    '/marketplace/roles/:id',
    { schema: { ...groupParams, response: { 200: passedOn } } },
    async (request) => {
      const marketplaceId = callerOf(request).tenantName;
      const id = requireGroupId(request.params.id);
      const [group, members] = await Promise.all([
        getRoleGroup(db, marketplaceId, id),
        listMembers(db, marketplaceId, id),
      ]);
      return { ...group, Members: members.get(id) ?? [] };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/marketplace/roles/:id/members',
    { schema: { ...groupParams, response: { 200: listAnswer } } },
    async (request) => {
      const marketplaceId = callerOf(request).tenantName;
      const id = requireGroupId(request.params.id);
      const members = await listMembers(db, marketplaceId, id);
      return { Items: (members.get(id) ?? []).map((email) => ({ Email: email })) };
    },
  );

  void app.register(async (editing) => {
    editing.addHook(
      'preHandler',
      requireGrant(
        db,
        'RoleGroupsAdmin',
        'You are only permitted to view application roles. Contact one of your Organization administrators for change requests.',
      ),
    );
    editing.put<{ Params: { id: string } }>(
      '/marketplace/roles/:id',
      // The group's fields are checked by parseRoleGroup, which lists every field error at once for the form.
      { schema: { ...groupParams, body: { type: 'object', maxProperties: 50 }, response: { 200: passedOn } } },
      async (request) => {
        const caller = callerOf(request);
        const id = requireGroupId(request.params.id);
        // The allowed roles are the marketplace API's own, read from its description.
        const marketplace = await marketplaceFor(services, caller);
        const parsed = parseRoleGroup(request.body, id, await marketplace.allowedRoles());
        if (!parsed.ok) throw invalidFields(parsed.errors);
        const saved = await saveRoleGroup(db, caller.tenantName, parsed.group);
        await roleGroupsChanged(app, caller.tenantName);
        const members = await listMembers(db, caller.tenantName, id);
        return { ...saved, Members: members.get(id) ?? [] };
      },
    );
  });

  void app.register(async (membership) => {
    membership.addHook(
      'preHandler',
      requirePortalUser(
        db,
        (user) => user.IsOrganizationAdmin,
        'Only organization admins and owners can change who is in a role group.',
      ),
    );
    membership.put<{ Params: { id: string; email: string } }>(
      '/marketplace/roles/:id/members/:email',
      { schema: memberParams },
      async (request, reply) => {
        const caller = callerOf(request);
        const id = requireGroupId(request.params.id);
        await addMember(db, caller.tenantName, id, memberEmail(request.params.email));
        await roleGroupsChanged(app, caller.tenantName);
        return reply.code(204).send();
      },
    );
    membership.delete<{ Params: { id: string; email: string } }>(
      '/marketplace/roles/:id/members/:email',
      { schema: memberParams },
      async (request, reply) => {
        const caller = callerOf(request);
        const id = requireGroupId(request.params.id);
        await removeMember(db, caller.tenantName, id, memberEmail(request.params.email));
        await roleGroupsChanged(app, caller.tenantName);
        return reply.code(204).send();
      },
    );
  });
}

/** Every process drops its kept developer tokens (developer-tokens.ts): they carry the groups' old roles. */
function roleGroupsChanged(app: FastifyInstance, marketplaceId: string): Promise<void> {
  return app.bus.publish(CHANNELS.portalRoleGroups, marketplaceId);
}
