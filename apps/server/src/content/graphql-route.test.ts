import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { contentGraphql, CONTENT_TOKEN_HEADER } from './graphql-route.ts';
import type { Article, ContentLibrary, ReleaseNote } from './library.ts';
import { contentPart } from './part.ts';
import { buildContentSchema, MAX_DOCUMENTS } from './schema.ts';

const TOKEN = 'test-content-token';

function article(index: number): Article {
  // Dates spread over 2024 so index 0 is the oldest.
  const date = new Date(Date.UTC(2024, 0, 1 + index * 5)).toISOString().slice(0, 10);
  return {
    id: `a${index}`,
    title: `Article ${index}`,
    description: `D${index}`,
    slug: `a-${index}`,
    publishDate: date,
    body: 'B',
  };
}

function note(index: number): ReleaseNote {
  const date = new Date(Date.UTC(2025, 0, 1 + index * 7)).toISOString().slice(0, 10);
  return { id: `n${index}`, apiVersion: `1.0.${400 + index}`, date, title: `Note ${index}`, body: 'B' };
}

/** More items than any cap, already in the library's default orders (newest first, by name). */
const library: ContentLibrary = {
  articles: Array.from({ length: 60 }, (_, index) => article(index)).reverse(),
  releaseNotes: Array.from({ length: 60 }, (_, index) => note(index)).reverse(),
  subsections: [
    { name: 'Addresses', sectionId: 'MeAndMyStuff', paths: ['/me/addresses'] },
    { name: 'Orders', sectionId: 'MeAndMyStuff', paths: ['/me/orders'] },
    { name: 'Widgets', sectionId: 'Other', paths: ['/widgets'] },
  ],
};

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(contentGraphql, { prefix: '/content', schema: buildContentSchema(library), token: TOKEN });
});
afterAll(async () => {
  await app.close();
});

function post(body: unknown, headers: Record<string, string> = { [CONTENT_TOKEN_HEADER]: TOKEN }) {
  return app.inject({ method: 'POST', url: '/content/graphql', headers, payload: body as object });
}

describe('POST /content/graphql: the token', () => {
  it('answers 401 JSON without the header', async () => {
    const response = await post({ query: '{ articles { id } }' }, {});
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({
      error: 'Unauthorized',
      message: expect.stringContaining('x-content-token'),
    });
  });

  it('answers 401 with a wrong token', async () => {
    const response = await post({ query: '{ articles { id } }' }, { [CONTENT_TOKEN_HEADER]: `${TOKEN}x` });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /content/graphql: queries', () => {
  it('gives the 5 newest articles by default', async () => {
    const response = await post({ query: '{ articles { id title description slug publishDate } }' });
    expect(response.statusCode).toBe(200);
    const { articles } = response.json().data;
    expect(articles.map((item: Article) => item.id)).toEqual(['a59', 'a58', 'a57', 'a56', 'a55']);
    expect(articles[0]).toEqual({
      id: 'a59',
      title: 'Article 59',
      description: 'D59',
      slug: 'a-59',
      publishDate: library.articles[0]?.publishDate,
    });
  });

  it('orders articles oldest first on request', async () => {
    const response = await post({ query: '{ articles(first: 2, orderBy: PUBLISH_DATE_ASC) { id } }' });
    expect(response.json().data.articles).toEqual([{ id: 'a0' }, { id: 'a1' }]);
  });

  it('gives the 3 newest release notes by default', async () => {
    const response = await post({ query: '{ releaseNotes { id apiVersion date } }' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.releaseNotes.map((item: ReleaseNote) => item.apiVersion)).toEqual([
      '1.0.459',
      '1.0.458',
      '1.0.457',
    ]);
  });

  it('lists subsections by name, optionally of one section', async () => {
    const all = await post({ query: '{ subsections { name sectionId paths } }' });
    expect(all.json().data.subsections.map((item: { name: string }) => item.name)).toEqual([
      'Addresses',
      'Orders',
      'Widgets',
    ]);
    const me = await post({
      query: 'query Me($section: String) { subsections(sectionId: $section) { name paths } }',
      variables: { section: 'MeAndMyStuff' },
    });
    expect(me.json().data.subsections).toEqual([
      { name: 'Addresses', paths: ['/me/addresses'] },
      { name: 'Orders', paths: ['/me/orders'] },
    ]);
  });

  it('answers the dashboard query in one request, with variables and an operation name', async () => {
    const response = await post({
      query: `
        query Other { subsections { name } }
        query Dashboard($articles: Int, $notes: Int) {
          articles(first: $articles) { slug }
          releaseNotes(first: $notes) { apiVersion }
        }`,
      variables: { articles: 1, notes: 2 },
      operationName: 'Dashboard',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { articles: [{ slug: 'a-59' }], releaseNotes: [{ apiVersion: '1.0.459' }, { apiVersion: '1.0.458' }] },
    });
  });

  it('gives one article by slug and one release note by API version, with its body, and null for none', async () => {
    const response = await post({
      query: `query Pages($slug: String!, $version: String!) {
        article(slug: $slug) { title publishDate body }
        older: article(slug: "a-3") { title }
        missing: article(slug: "no-such-article") { title }
        releaseNote(apiVersion: $version) { title date body }
        noNote: releaseNote(apiVersion: "9.9.9") { title }
      }`,
      variables: { slug: 'a-0', version: '1.0.459' },
    });
    expect(response.statusCode).toBe(200);
    // a-0 is the oldest article, beyond any list's cap: the page still finds it.
    expect(response.json()).toEqual({
      data: {
        article: { title: 'Article 0', publishDate: '2024-01-01', body: 'B' },
        older: { title: 'Article 3' },
        missing: null,
        releaseNote: { title: 'Note 59', date: note(59).date, body: 'B' },
        noNote: null,
      },
    });
  });

  it('refuses an article query without a slug', async () => {
    const response = await post({ query: '{ article { title } }' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toMatch(/argument "slug" of type "String!" is required/);
  });

  it('honours first, caps it, and treats null as the default', async () => {
    const response = await post({
      query:
        '{ one: articles(first: 1) { id } many: articles(first: 1000) { id } none: releaseNotes(first: 0) { id } fallback: releaseNotes(first: null) { id } }',
    });
    const { data } = response.json();
    expect(data.one).toEqual([{ id: 'a59' }]);
    expect(data.many).toHaveLength(MAX_DOCUMENTS);
    expect(data.none).toEqual([]);
    expect(data.fallback).toHaveLength(3);
  });
});

describe('POST /content/graphql: request errors answer 400 with errors', () => {
  it.each([
    ['a syntax error', { query: '{ articles { id }' }, /Syntax Error/],
    ['an unknown field', { query: '{ articles { secret } }' }, /Cannot query field "secret"/],
    ['a mutation', { query: 'mutation { articles { id } }' }, /not configured to execute mutation/],
    ['a wrong variable type', { query: 'query($n: Int) { articles(first: $n) { id } }', variables: { n: 'x' } }, /\$n/],
    ['a negative first', { query: '{ articles(first: -1) { id } }' }, /"first" must be 0 or more/],
    ['no query', { variables: {} }, /"query" must be a non-empty string/],
    [
      'variables that are not an object',
      { query: '{ articles { id } }', variables: [1] },
      /"variables" must be an object/,
    ],
    [
      'an unknown operation name',
      { query: '{ articles { id } }', operationName: 'Nope' },
      /Unknown operation named "Nope"/,
    ],
  ])('%s', async (_case, body, message) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    const { errors } = response.json();
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0].message).toMatch(message);
  });

  it('refuses an oversized query before executing it', async () => {
    const response = await post({ query: `{ ${'articles { id } '.repeat(1000)} }` });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toMatch(/tokens/);
  });
});

describe('contentPart', () => {
  it('serves the shipped content with the configured token', async () => {
    const bare = Fastify();
    bare.decorate('config', loadConfig({ CONTENT_TOKEN: 'from-config' }));
    await bare.register(contentPart.plugin, { prefix: contentPart.prefix });
    const query =
      '{ articles { slug publishDate } releaseNotes { apiVersion date } subsections(sectionId: "MeAndMyStuff") { name paths } }';
    const refused = await bare.inject({ method: 'POST', url: '/content/graphql', payload: { query } });
    expect(refused.statusCode).toBe(401);
    const response = await bare.inject({
      method: 'POST',
      url: '/content/graphql',
      headers: { [CONTENT_TOKEN_HEADER]: 'from-config' },
      payload: { query },
    });
    expect(response.statusCode).toBe(200);
    const { articles, releaseNotes, subsections } = response.json().data;
    expect(articles).toHaveLength(5);
    expect(releaseNotes).toHaveLength(3);
    expect(releaseNotes[0]).toEqual({ apiVersion: '1.0.450', date: '2025-07-08' });
    expect(subsections.length).toBeGreaterThanOrEqual(10);
    expect(subsections.find((item: { name: string }) => item.name === 'Profile')?.paths).toContain('/me');
    await bare.close();
  });
});
