import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Part } from '../part.ts';
import { registerHealthRoute } from '../http/health.ts';
import { classify } from './classify.ts';
import { recordReceived } from './received.ts';
import { receiverSigningKey, signatureMatches } from './signing-key.ts';
import { storableText } from './storable.ts';

/** The headers the inspector shows; a custom auth header's value (a credential) is never kept. */
export const HEADERS_KEPT = ['content-type', 'content-length', 'user-agent', 'x-delivery-id', 'x-oc-hash'] as const;

const MARKETPLACE_ID = /^[A-Za-z0-9_.-]{1,100}$/;

function headerText(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value.join(', ') : value;
  return text === undefined ? undefined : storableText(text).slice(0, 500);
}

function keptHeaders(request: FastifyRequest): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of HEADERS_KEPT) {
    const value = headerText(request, name);
    if (value !== undefined) kept[name] = value;
  }
  return kept;
}

/**
 * `POST /receiver/{marketplaceID}`: a receiver for the platform's deliveries that the product itself runs, so
 * the demo marketplace's syncs have somewhere to go (its delivery configuration names this URL). It takes a
 * POST signed with the marketplace's receiver key (`X-oc-hash`, signing-key.ts), records it in the database
 * (every process sees it; the newest RECEIVED_KEPT per marketplace) and answers 200; a repeated
 * `X-Delivery-Id` is recorded as a duplicate and answered 200, as docs/deliveries.md asks of receivers. An
 * unsigned or wrongly signed request gets a 401 and is not kept: only the platform can fill the inspector.
 */
async function receiverPlugin(app: FastifyInstance): Promise<void> {
  registerHealthRoute(app, 'receiver');
  // The signature covers the exact text sent, so the body is kept as text whatever its content type (a string,
  // not a Buffer: the server's input guard walks a parsed body, and would walk a Buffer byte by byte).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post<{ Params: { marketplaceId: string } }>('/:marketplaceId', async (request, reply) => {
    const { marketplaceId } = request.params;
    if (!MARKETPLACE_ID.test(marketplaceId)) {
      return reply.code(404).send({ error: 'NotFound', message: 'No receiver at this address.' });
    }
    const body = Buffer.from(typeof request.body === 'string' ? request.body : '', 'utf8');
    const key = await receiverSigningKey(app.database.db, marketplaceId);
    if (!signatureMatches(key, body, headerText(request, 'x-oc-hash'))) {
      request.log.warn({ marketplaceId }, 'receiver: refused a request without a valid X-oc-hash');
      return reply.code(401).send({
        error: 'InvalidSignature',
        message: `X-oc-hash is missing or is not the HMAC-SHA256 of the body with marketplace ${marketplaceId}'s receiver key.`,
      });
    }
    const { kind, summary } = classify(body.toString('utf8'));
    const received = await recordReceived(app.database.db, {
      marketplaceId,
      method: request.method,
      kind,
      summary: storableText(summary).slice(0, 300),
      deliveryId: headerText(request, 'x-delivery-id')?.slice(0, 200) ?? null,
      headers: keptHeaders(request),
      body,
    });
    return reply.code(200).send({ Received: true, ID: received.ID, Outcome: received.Outcome });
  });
}

/**
 * The demo receiver (ARCHITECTURE §2 lists the parts), mounted at `/receiver` with its own schema. The portal
 * service's inspector (inspect-routes.ts) reads what it kept.
 */
export const receiverPart: Part = {
  name: 'receiver',
  prefix: '/receiver',
  migrationsFolder: path.join(import.meta.dirname, 'db/migrations'),
  plugin: receiverPlugin,
};
