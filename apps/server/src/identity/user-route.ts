import type { FastifyInstance } from 'fastify';
import { sendUnauthorized, type AccessTokenVerifier } from './access-tokens.ts';
import { findUserById } from './directory.ts';

/** `GET /user` answer: the signed-in user as the portal shows it (spec §3 "Current identity user"). */
export interface IdentityUser {
  email: string;
  /** ISO date-time of the latest sign-in; null before the first one. */
  lastLogin: string | null;
  /** ISO date-time the account was created. */
  created: string;
  picture: string | null;
  name: string;
}

const nullableString = { type: ['string', 'null'] } as const;

/** `GET /user` with the identity access token as a bearer token. */
export function registerUserRoute(app: FastifyInstance, verifier: AccessTokenVerifier): void {
  app.get(
    '/user',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['email', 'lastLogin', 'created', 'picture', 'name'],
            properties: {
              email: { type: 'string' },
              lastLogin: nullableString,
              created: { type: 'string' },
              picture: nullableString,
              name: { type: 'string' },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const claims = await verifier.verify(request.headers.authorization);
      const user = claims ? await findUserById(app.database.db, claims.sub) : undefined;
      if (!user) return sendUnauthorized(reply, request);
      reply.header('cache-control', 'no-store');
      const body: IdentityUser = {
        email: user.email,
        lastLogin: user.lastLoginAt?.toISOString() ?? null,
        created: user.createdAt.toISOString(),
        picture: user.picture,
        name: user.name,
      };
      return body;
    },
  );
}
