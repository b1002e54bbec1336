import { describe, expect, it } from 'vitest';
import { CONTENT_TOKEN, createContentClient, readContentToken } from './content';
import { PortalError } from './portal-error';
import { fakeFetch } from './test-fetch';

describe('createContentClient', () => {
  it('posts GraphQL queries with the content token and returns the data', async () => {
    const articles = [{ id: 'a1', title: 'T', description: 'D', slug: 't', publishDate: '2026-01-01' }];
    const { fetch, calls } = fakeFetch(() => ({ data: { articles } }));
    await expect(createContentClient({ fetch }).latestArticles()).resolves.toEqual(articles);
    const [call] = calls;
    expect(call).toMatchObject({ method: 'POST', url: '/content/graphql' });
    expect(call?.headers.get('x-content-token')).toBe('marketplace-portal-content');
    expect(call?.headers.has('authorization')).toBe(false);
    expect(call?.body).toMatchObject({ variables: { first: 5 } });
    expect(JSON.stringify(call?.body)).toContain('PUBLISH_DATE_DESC');
  });

  it('asks for 3 release notes and for up to 500 subsections of a section', async () => {
    const { fetch, calls } = fakeFetch((call) =>
      JSON.stringify(call.body).includes('releaseNotes')
        ? { data: { releaseNotes: [] } }
        : { data: { subsections: [] } },
    );
    const content = createContentClient({ fetch, token: 'other' });
    await content.latestReleaseNotes();
    await content.subsections('MeAndMyStuff');
    expect(calls[0]?.body).toMatchObject({ variables: { first: 3 } });
    expect(calls[1]?.body).toMatchObject({ variables: { sectionId: 'MeAndMyStuff', first: 500 } });
    expect(calls[1]?.headers.get('x-content-token')).toBe('other');
  });

  it('throws the first GraphQL error when no data came back', async () => {
    const { fetch } = fakeFetch(() => ({ data: null, errors: [{ message: '"first" must be 0 or more; got -1.' }] }));
    const failure = createContentClient({ fetch }).latestArticles(-1);
    await expect(failure).rejects.toBeInstanceOf(PortalError);
    await expect(failure).rejects.toThrow('"first" must be 0 or more; got -1.');
  });

  it('returns partial data even with errors beside it', async () => {
    const { fetch } = fakeFetch(() => ({ data: { releaseNotes: [] }, errors: [{ message: 'partial' }] }));
    await expect(createContentClient({ fetch }).latestReleaseNotes()).resolves.toEqual([]);
  });
});

describe('readContentToken', () => {
  it('reads VITE_CONTENT_TOKEN and defaults to the embedded server token', () => {
    expect(readContentToken({ VITE_CONTENT_TOKEN: ' custom ' })).toBe('custom');
    expect(readContentToken({ VITE_CONTENT_TOKEN: '' })).toBe('marketplace-portal-content');
    expect(readContentToken({})).toBe('marketplace-portal-content');
    expect(CONTENT_TOKEN).toBe('marketplace-portal-content');
  });
});
