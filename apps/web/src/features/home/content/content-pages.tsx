import { Heading, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router';
import { useBreadcrumbName } from '@/app/layout/breadcrumb-names';
import { AppLink } from '@/ui/app-link';
import { DateTime } from '@/ui/date-time';
import {
  articlePath,
  LIST_PAGE_SIZE,
  releaseNotePath,
  useArticle,
  useLatestArticles,
  useLatestReleaseNotes,
  useReleaseNote,
} from './content-queries';
import { DocumentStates } from './document-states';
import { Markdown } from './markdown';

// The knowledge base and the release notes inside the portal (/articles, /release-notes and one page per document),
// opened from the home dashboard's cards.

/** `/articles/:slug`: one knowledge-base article. */
export function ArticlePage() {
  const slug = useParams().slug ?? '';
  const article = useArticle(slug);
  useBreadcrumbName(slug, article.data?.title);
  return (
    <DocumentStates
      query={article}
      loadingText="Loading the article..."
      notFound={{
        title: 'Article not found',
        text: `No knowledge-base article has the address "${slug}". It may have been renamed.`,
        backTo: '/articles',
        backText: 'See all articles',
      }}
    >
      {(document) => (
        <Stack as="article" gap="6" aria-labelledby="document-title">
          <Stack gap="2">
            <Heading as="h1" id="document-title" size="2xl">
              {document.title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Published <DateTime value={document.publishDate} />
            </Text>
            <Text fontSize="lg" color="fg.muted" maxW="prose">
              {document.description}
            </Text>
          </Stack>
          <Markdown source={document.body} />
        </Stack>
      )}
    </DocumentStates>
  );
}

/** `/release-notes/:version`: what changed in one API version. */
export function ReleaseNotePage() {
  const version = useParams().version ?? '';
  const note = useReleaseNote(version);
  useBreadcrumbName(version, note.data ? `Version ${note.data.apiVersion}` : undefined);
  return (
    <DocumentStates
      query={note}
      loadingText="Loading the release note..."
      notFound={{
        title: 'Release note not found',
        text: `There is no release note for API version "${version}".`,
        backTo: '/release-notes',
        backText: 'See all release notes',
      }}
    >
      {(document) => (
        <Stack as="article" gap="6" aria-labelledby="document-title">
          <Stack gap="2">
            <Heading as="h1" id="document-title" size="2xl">
              Version {document.apiVersion}: {document.title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Released <DateTime value={document.date} />
            </Text>
          </Stack>
          <Markdown source={document.body} />
        </Stack>
      )}
    </DocumentStates>
  );
}

/** `/articles`: every knowledge-base article, newest first. */
export function ArticlesPage() {
  const articles = useLatestArticles(LIST_PAGE_SIZE);
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Knowledge base
      </Heading>
      <DocumentStates
        query={articles}
        loadingText="Loading the articles..."
        notFound={{ title: 'No articles', text: 'There are no articles yet.', backTo: '/', backText: 'Go home' }}
      >
        {(list) =>
          list.length === 0 ? (
            <Text color="fg.muted">There are no articles yet.</Text>
          ) : (
            <Stack as="ul" gap="5" listStyleType="none" m="0" p="0" aria-label="Articles" maxW="prose">
              {list.map((article) => (
                <Stack as="li" key={article.id} gap="1">
                  <AppLink to={articlePath(article.slug)} fontWeight="semibold" fontSize="lg">
                    {article.title}
                  </AppLink>
                  <Text color="fg.muted">{article.description}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    Published <DateTime value={article.publishDate} />
                  </Text>
                </Stack>
              ))}
            </Stack>
          )
        }
      </DocumentStates>
    </Stack>
  );
}

/** `/release-notes`: every release note, newest first. */
export function ReleaseNotesPage() {
  const notes = useLatestReleaseNotes(LIST_PAGE_SIZE);
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Release notes
      </Heading>
      <DocumentStates
        query={notes}
        loadingText="Loading the release notes..."
        notFound={{ title: 'No notes', text: 'There are no release notes yet.', backTo: '/', backText: 'Go home' }}
      >
        {(list) =>
          list.length === 0 ? (
            <Text color="fg.muted">There are no release notes yet.</Text>
          ) : (
            <Stack as="ul" gap="4" listStyleType="none" m="0" p="0" aria-label="Release notes" maxW="prose">
              {list.map((note) => (
                <Stack as="li" key={note.id} gap="0.5">
                  <AppLink to={releaseNotePath(note.apiVersion)} fontWeight="semibold">
                    Version {note.apiVersion}
                  </AppLink>
                  <Text fontSize="sm" color="fg.muted">
                    <DateTime value={note.date} /> · {note.title}
                  </Text>
                </Stack>
              ))}
            </Stack>
          )
        }
      </DocumentStates>
    </Stack>
  );
}
