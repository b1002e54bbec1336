import type { FastifyInstance } from 'fastify';
import { buildDescription, type DescriptionInput, type OpenApiDocument } from './build-description.ts';
import { headCommitDate, resolveBuildDate } from './build-date.ts';

/** Facts about the running build that `/env` reports; each has a local default. */
export interface BuildInfo {
  branch?: string;
  commit?: string;
  /** ISO-8601. */
  commitDate?: string;
  /** ISO-8601. */
  buildDate?: string;
}

export interface DescriptionRouteOptions extends DescriptionInput {
  /** Environment name reported by `/env`, e.g. `local`. */
  environment: string;
  build?: BuildInfo;
}

/** The body of `GET /env`. */
export interface EnvironmentBody {
  Environment: string;
  Version: string;
  BuildNumber: string;
  Branch: string;
  Commit: string;
  CommitDate: string;
  BuildDate: string;
}

/** True when an `If-None-Match` header names the entity tag (or is `*`); weak tags compare equal. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || strip(tag) === etag);
}

/**
 * Registers, under the current prefix and without authentication, `GET /env` (build facts whose
 * `BuildNumber` is the description's version, which clients compare to decide whether their cached
 * description is stale) and `GET /v1/openapi/v3` (the description). The document is built and
 * serialized once here, so requests cost nothing but a write. Returns the document.
 */
export function registerDescriptionRoutes(app: FastifyInstance, options: DescriptionRouteOptions): OpenApiDocument {
  const doc = buildDescription(options);
  const body = JSON.stringify(doc);
  const version = doc.info.version;
  const etag = `"${version}"`;
  // The build's dates, not this process's start: every process of one build answers the same.
  const buildDate = options.build?.buildDate ?? resolveBuildDate(configuredBuildDate(app));
  const env: EnvironmentBody = {
    Environment: options.environment,
    Version: version,
    BuildNumber: version,
    Branch: options.build?.branch ?? 'local',
    Commit: options.build?.commit ?? 'local',
    CommitDate: options.build?.commitDate ?? headCommitDate() ?? buildDate,
    BuildDate: buildDate,
  };

  app.get('/env', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return env;
  });

  app.get('/v1/openapi/v3', async (request, reply) => {
    // no-cache lets clients keep the document but makes them revalidate, which the ETag makes cheap.
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  return doc;
}

/** BUILD_DATE from the server's configuration; a bare Fastify instance (tests) has none. */
function configuredBuildDate(app: FastifyInstance): string | undefined {
  return app.hasDecorator('config') ? app.config.buildDate : undefined;
}
