import { useQuery } from '@tanstack/react-query';
import { createContentClient, type Article, type ReleaseNote } from '@/services/content';

// The knowledge base and the release notes, read from the content service (spec 1 §9). Documents change only with a
// deploy, so answers stay fresh for five minutes.

// One content client for the whole app: it carries no user token, so nothing ties it to a session.
export const content = createContentClient();

/** A knowledge-base article with its markdown body (the article page). */
export interface ArticleDocument extends Article {
  body: string;
}

/** A release note with its markdown body (the release-note page). */
export interface ReleaseNoteDocument extends ReleaseNote {
  body: string;
}

/** How many documents the list pages ask for: the service's cap (MAX_DOCUMENTS in the content schema). */
export const LIST_PAGE_SIZE = 50;

const STALE_MS = 300_000;

const ARTICLE_QUERY = `query Article($slug: String!) {
  article(slug: $slug) { id title description slug publishDate body }
}`;
const RELEASE_NOTE_QUERY = `query ReleaseNote($apiVersion: String!) {
  releaseNote(apiVersion: $apiVersion) { id apiVersion date title body }
}`;

/** The newest knowledge-base articles (spec 1 §9: 5 on the dashboard). */
export function useLatestArticles(first?: number) {
  return useQuery({
    queryKey: ['content', 'articles', first ?? 'dashboard'],
    queryFn: () => content.latestArticles(first),
    staleTime: STALE_MS,
  });
}

/** The newest release notes (spec 1 §9: 3 on the dashboard). */
export function useLatestReleaseNotes(first?: number) {
  return useQuery({
    queryKey: ['content', 'release-notes', first ?? 'dashboard'],
    queryFn: () => content.latestReleaseNotes(first),
    staleTime: STALE_MS,
  });
}

/** One article by slug; `null` data when no article has it (the page says so, it is not an error). */
export function useArticle(slug: string) {
  return useQuery({
    queryKey: ['content', 'article', slug],
    queryFn: async () => (await content.query<{ article: ArticleDocument | null }>(ARTICLE_QUERY, { slug })).article,
    staleTime: STALE_MS,
  });
}

/** One release note by API version; `null` data when there is none. */
export function useReleaseNote(apiVersion: string) {
  return useQuery({
    queryKey: ['content', 'release-note', apiVersion],
    queryFn: async () =>
      (await content.query<{ releaseNote: ReleaseNoteDocument | null }>(RELEASE_NOTE_QUERY, { apiVersion }))
        .releaseNote,
    staleTime: STALE_MS,
  });
}

/** The in-portal address of an article and of a release note. */
export const articlePath = (slug: string) => `/articles/${encodeURIComponent(slug)}`;
export const releaseNotePath = (apiVersion: string) => `/release-notes/${encodeURIComponent(apiVersion)}`;
