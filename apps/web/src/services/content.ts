import { createHttpClient, type HttpClient, type HttpClientOptions } from './http';
import { PortalError } from './portal-error';

// TYPES: aligned with apps/server/src/content/schema.ts. Change them together.

/** A knowledge-base article as the dashboard card lists it. */
export interface Article {
  id: string;
  title: string;
  description: string;
  slug: string;
  /** Calendar date, YYYY-MM-DD. */
  publishDate: string;
}

/** A release note as the API versions card lists it. */
export interface ReleaseNote {
  id: string;
  apiVersion: string;
  /** Calendar date, YYYY-MM-DD. */
  date: string;
  title: string;
}

/** A named group of API paths, used to group the Me operations in the console. */
export interface Subsection {
  name: string;
  sectionId: string;
  paths: string[];
}

/** Where the content service is mounted in the embedded setup (ARCHITECTURE §2). */
export const DEFAULT_CONTENT_BASE_URL = '/content';
/** The header that carries the content token. */
export const CONTENT_TOKEN_HEADER = 'x-content-token';
/** The public content token: not a secret (it ships in the bundle), it only keeps drive-by traffic off. */
export const CONTENT_TOKEN: string = readContentToken(import.meta.env);

/** Counts of the dashboard cards and the subsection cap (spec 1 §9). */
export const CONTENT_LIMITS = { articles: 5, releaseNotes: 3, subsections: 500 } as const;

const ARTICLES_QUERY = `query LatestArticles($first: Int) {
  articles(first: $first, orderBy: PUBLISH_DATE_DESC) { id title description slug publishDate }
}`;
const RELEASE_NOTES_QUERY = `query LatestReleaseNotes($first: Int) {
  releaseNotes(first: $first) { id apiVersion date title }
}`;
const SUBSECTIONS_QUERY = `query Subsections($sectionId: String, $first: Int) {
  subsections(sectionId: $sectionId, first: $first) { name sectionId paths }
}`;

/** The content service client (`POST /content/graphql`). */
export interface ContentClient {
  readonly http: HttpClient;
  /** Runs one GraphQL query and returns its data; a query answered with errors and no data throws. */
  query<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
  /** The newest knowledge-base articles (5 by default). */
  latestArticles(first?: number): Promise<Article[]>;
  /** The newest release notes (3 by default). */
  latestReleaseNotes(first?: number): Promise<ReleaseNote[]>;
  /** Operation groups ordered by name, optionally of one section (e.g. `MeAndMyStuff`). */
  subsections(sectionId?: string): Promise<Subsection[]>;
}

/**
 * Creates the content client. No bearer token is needed; the content token header is always sent.
 *
 * @example
 * const content = createContentClient();
 * const articles = await content.latestArticles();
 */
export function createContentClient(options: Partial<HttpClientOptions> & { token?: string } = {}): ContentClient {
  const { token = CONTENT_TOKEN, ...httpOptions } = options;
  const http = createHttpClient({
    ...httpOptions,
    baseUrl: httpOptions.baseUrl ?? DEFAULT_CONTENT_BASE_URL,
    headers: { ...httpOptions.headers, [CONTENT_TOKEN_HEADER]: token },
  });

  const query = async <T>(text: string, variables?: Record<string, unknown>): Promise<T> => {
    const answer = await http.post<{ data?: T | null; errors?: { message?: string }[] }>('/graphql', {
      query: text,
      variables,
    });
    if (answer?.data == null) {
      const message = answer?.errors?.[0]?.message ?? 'The content service answered without data.';
      throw new PortalError({ kind: 'http', title: 'Content unavailable', message, status: 200, body: answer });
    }
    return answer.data;
  };

  return {
    http,
    query,
    latestArticles: async (first = CONTENT_LIMITS.articles) =>
      (await query<{ articles: Article[] }>(ARTICLES_QUERY, { first })).articles,
    latestReleaseNotes: async (first = CONTENT_LIMITS.releaseNotes) =>
      (await query<{ releaseNotes: ReleaseNote[] }>(RELEASE_NOTES_QUERY, { first })).releaseNotes,
    subsections: async (sectionId) =>
      (await query<{ subsections: Subsection[] }>(SUBSECTIONS_QUERY, { sectionId, first: CONTENT_LIMITS.subsections }))
        .subsections,
  };
}

/**
 * The content token from `VITE_CONTENT_TOKEN`, else the embedded server's default.
 *
 * @example
 * readContentToken({}); // 'marketplace-portal-content'
 */
export function readContentToken(env: Readonly<Record<string, unknown>>): string {
  const value = env.VITE_CONTENT_TOKEN;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : 'marketplace-portal-content';
}
