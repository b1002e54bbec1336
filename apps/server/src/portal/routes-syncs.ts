import type { FastifyInstance, FastifyRequest } from 'fastify';
import { orderSyncDatesError } from '@portal/contracts';
import { callerOf, type PortalCaller } from './auth.ts';
import { captchaToken, type Captcha } from './captcha.ts';
import { portalUserOf } from './portal-user.ts';
import { badRequest, forbidden, invalidFields, type FieldError } from './problems.ts';
import { queryText, type PortalServices, type RawQuery } from './services.ts';

/** Spec 1 §2 "Sync tools": what someone without SyncAdmin is told. */
export const SYNC_NOT_AUTHORIZED =
  'You are not authorized to trigger product, order, or entity syncs. Please contact your organization administrator to adjust your permissions.';

type Body = Record<string, unknown>;

const bodyOf = (request: FastifyRequest): Body =>
  typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
    ? (request.body as Body)
    : {};

/** The body's fields without the captcha, as the platform takes them. */
function fieldsOf(body: Body): Body {
  const { Recaptcha: _captcha, id: _subject, ...fields } = body;
  return fields;
}

function text(body: Body, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function date(body: Body, name: string, errors: FieldError[]): Date | undefined {
  const value = body[name];
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(parsed.getTime())) errors.push({ field: name, message: `${name} must be a date and time.` });
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

/**
 * Product, order and entity syncs (spec 1 §2 "Sync tools", §7): every route needs the SyncAdmin
 * grant; a trigger's fields are checked before its captcha is spent, then the captcha is verified
 * (single use) and the platform queues the run (202 with it). Recent runs and their deliveries are
 * readable for the page.
 */
export function registerSyncRoutes(app: FastifyInstance, { db, platform }: PortalServices, captcha: Captcha): void {
  async function syncAdmin(request: FastifyRequest): Promise<PortalCaller> {
    const caller = callerOf(request);
    if (!(await portalUserOf(db, caller)).ScPermissionGrants.SyncAdmin) throw forbidden(SYNC_NOT_AUTHORIZED);
    return caller;
  }

  async function trigger(request: FastifyRequest, caller: PortalCaller, what: string, fields: Body) {
    await captcha.verifyOnce(captchaToken(request.body));
    const run = await platform.startSync(caller.tenantName, what, { ...fields, RequestedBy: caller.email });
    request.log.info({ runId: run.ID, entity: run.Entity, by: caller.subject }, 'sync started');
    return run;
  }

  app.post('/synchronizecatalog', async (request, reply) => {
    const caller = await syncAdmin(request);
    const body = bodyOf(request);
    const catalogId = text(body, 'CatalogID');
    if (!catalogId) throw invalidFields([{ field: 'CatalogID', message: 'CatalogID is required.' }]);
    const categoryId = text(body, 'CategoryID');
    const run = await trigger(request, caller, 'catalog', {
      CatalogID: catalogId,
      ...(categoryId ? { CategoryID: categoryId } : {}),
    });
    return reply.code(202).send(run);
  });

  app.post('/synchronizeorders', async (request, reply) => {
    const caller = await syncAdmin(request);
    const body = bodyOf(request);
    const errors: FieldError[] = [];
    const start = date(body, 'StartDate', errors);
    const end = date(body, 'EndDate', errors);
    if (errors.length > 0) throw invalidFields(errors);
    const refused = orderSyncDatesError(start, end, new Date());
    if (refused) throw badRequest(refused, [{ field: 'StartDate', message: refused }]);
    const fields = {
      ...(start ? { StartDate: start.toISOString() } : {}),
      ...(end ? { EndDate: end.toISOString() } : {}),
    };
    return reply.code(202).send(await trigger(request, caller, 'orders', fields));
  });

  app.get('/entitysyncmetadata', async (request) => {
    const caller = await syncAdmin(request);
    return platform.entitySyncMetadata(caller.tenantName);
  });

  // The Route of each entity sync model (`entitysync/products`...): the fields are the model's attributes.
  app.post<{ Params: { entity: string } }>('/entitysync/:entity', async (request, reply) => {
    const caller = await syncAdmin(request);
    const { EntitySyncModels } = await platform.entitySyncMetadata(caller.tenantName);
    const model = EntitySyncModels.find((entry) => entry.Route === `entitysync/${request.params.entity.toLowerCase()}`);
    if (!model) throw badRequest(`No entity can be synced at entitysync/${request.params.entity}.`);
    const body = fieldsOf(bodyOf(request));
    const missing = model.Attributes.filter(
      (attribute) => !attribute.Internal && attribute.Required && !text(body, attribute.Name),
    );
    if (missing.length > 0) {
      throw invalidFields(
        missing.map((attribute) => ({ field: attribute.Name, message: `${attribute.DisplayName} is required.` })),
      );
    }
    const fields: Body = {};
    for (const attribute of model.Attributes) {
      const value = text(body, attribute.Name);
      if (!attribute.Internal && value !== undefined) fields[attribute.Name] = value;
    }
    return reply
      .code(202)
      .send(await trigger(request, caller, `entities/${encodeURIComponent(request.params.entity)}`, fields));
  });

  app.get<{ Querystring: RawQuery }>('/syncs', async (request) => {
    const caller = await syncAdmin(request);
    return platform.listSyncRuns(caller.tenantName, queryText(request.query, 'kind'));
  });

  app.get<{ Params: { id: string } }>('/syncs/:id/deliveries', async (request) => {
    const caller = await syncAdmin(request);
    return platform.listDeliveries(caller.tenantName, { source: 'Sync', sourceID: request.params.id, pageSize: '100' });
  });
}
