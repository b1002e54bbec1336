import type { FastifyInstance, FastifyRequest } from 'fastify';
import { orderSyncDatesError } from '@portal/contracts';
import { requireGrant } from './access.ts';
import { callerOf } from './auth.ts';
import { captchaToken, type Captcha } from './captcha.ts';
import { badRequest, invalidFields, type FieldError } from './problems.ts';
import { idParams, listAnswer, optionalText, passedOn, requiredText, triggerBody } from './route-schemas.ts';
import type { PortalServices } from './services.ts';
import { requireHosted } from './marketplace/require-hosted.ts';

/** Spec 1 §2 "Sync tools": what someone without SyncAdmin is told. */
export const SYNC_NOT_AUTHORIZED =
  'You are not authorized to trigger product, order, or entity syncs. Please contact your organization administrator to adjust your permissions.';

type Body = Record<string, unknown>;

/** An entity sync's attribute values: text, numbers or yes/no, a bounded number of them. */
const ENTITY_FIELD = {
  anyOf: [{ type: 'string', maxLength: 1_000 }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }],
} as const;
const DATE_TEXT = { type: ['string', 'null'], maxLength: 40 } as const;

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
  const parsed = new Date(String(value));
  if (Number.isNaN(parsed.getTime())) errors.push({ field: name, message: `${name} must be a date and time.` });
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

/**
 * Product, order and entity syncs (spec 1 §2 "Sync tools", §7): every route needs the SyncAdmin
 * grant; a trigger's fields are checked before its captcha is spent, then the captcha is verified
 * (single use) and the platform queues the run (202 with it). Recent runs and their deliveries are
 * readable for the page.
 */
export function registerSyncRoutes(app: FastifyInstance, services: PortalServices, captcha: Captcha): void {
  const { db, platform } = services;
  async function trigger(request: FastifyRequest, what: string, fields: Body) {
    const caller = callerOf(request);
    await captcha.verifyOnce(captchaToken(request.body));
    const run = await platform.startSync(caller.tenantName, what, { ...fields, RequestedBy: caller.email });
    request.log.info({ runId: run.ID, entity: run.Entity, by: caller.subject }, 'sync started');
    return run;
  }

  void app.register(async (syncs) => {
    syncs.addHook('preHandler', requireHosted(services, 'Syncing'));
    syncs.addHook('preHandler', requireGrant(db, 'SyncAdmin', SYNC_NOT_AUTHORIZED));

    syncs.post<{ Body: { CatalogID: string; CategoryID?: string } }>(
      '/synchronizecatalog',
      {
        schema: {
          body: triggerBody({ CatalogID: requiredText(), CategoryID: optionalText() }, ['CatalogID']),
          response: { 202: passedOn },
        },
      },
      async (request, reply) => {
        const categoryId = request.body.CategoryID?.trim();
        const run = await trigger(request, 'catalog', {
          CatalogID: request.body.CatalogID.trim(),
          ...(categoryId ? { CategoryID: categoryId } : {}),
        });
        return reply.code(202).send(run);
      },
    );

    syncs.post<{ Body: Body }>(
      '/synchronizeorders',
      { schema: { body: triggerBody({ StartDate: DATE_TEXT, EndDate: DATE_TEXT }), response: { 202: passedOn } } },
      async (request, reply) => {
        const errors: FieldError[] = [];
        const start = date(request.body, 'StartDate', errors);
        const end = date(request.body, 'EndDate', errors);
        if (errors.length > 0) throw invalidFields(errors);
        const refused = orderSyncDatesError(start, end, new Date());
        if (refused) throw badRequest(refused, [{ field: 'StartDate', message: refused }]);
        const fields = {
          ...(start ? { StartDate: start.toISOString() } : {}),
          ...(end ? { EndDate: end.toISOString() } : {}),
        };
        return reply.code(202).send(await trigger(request, 'orders', fields));
      },
    );

    syncs.get('/entitysyncmetadata', { schema: { response: { 200: passedOn } } }, async (request) =>
      platform.entitySyncMetadata(callerOf(request).tenantName),
    );

    // The Route of each entity sync model (`entitysync/products`...): the fields are the model's attributes.
    syncs.post<{ Params: { entity: string }; Body: Body }>(
      '/entitysync/:entity',
      {
        schema: {
          params: idParams('entity'),
          body: { ...triggerBody(), maxProperties: 50, additionalProperties: ENTITY_FIELD },
          response: { 202: passedOn },
        },
      },
      async (request, reply) => {
        const { EntitySyncModels } = await platform.entitySyncMetadata(callerOf(request).tenantName);
        const route = `entitysync/${request.params.entity.toLowerCase()}`;
        const model = EntitySyncModels.find((entry) => entry.Route === route);
        if (!model) throw badRequest(`No entity can be synced at entitysync/${request.params.entity}.`);
        const body = fieldsOf(request.body);
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
        const what = `entities/${encodeURIComponent(request.params.entity)}`;
        return reply.code(202).send(await trigger(request, what, fields));
      },
    );

    syncs.get<{ Querystring: { kind?: string } }>(
      '/syncs',
      {
        schema: {
          querystring: { type: 'object', properties: { kind: optionalText() } },
          response: { 200: listAnswer },
        },
      },
      async (request) => platform.listSyncRuns(callerOf(request).tenantName, request.query.kind?.trim() || undefined),
    );

    syncs.get<{ Params: { id: string } }>(
      '/syncs/:id/deliveries',
      { schema: { params: idParams('id'), response: { 200: listAnswer } } },
      async (request) =>
        platform.listDeliveries(callerOf(request).tenantName, {
          source: 'Sync',
          sourceID: request.params.id,
          pageSize: '100',
        }),
    );
  });
}
