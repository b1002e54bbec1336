import { Card, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { CONTENT_LIMITS } from '@/services/content';
import { useErrorToast } from '@/ui/notify-error';
import { useLatestArticles, useLatestReleaseNotes } from './home-queries';

/** A dashboard card with a heading; `id` names the section for assistive technology. */
export function DashboardCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={id} h="full">
      <Card.Header>
        <Heading as="h2" id={id} size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** Placeholder rows while a card's data loads. */
export function CardSkeleton({ rows }: { rows: number }) {
  return (
    <Stack gap="3" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height="5" />
      ))}
    </Stack>
  );
}

/** The small failure text of one card; the rest of the dashboard keeps working. */
export function CardError({ children }: { children: ReactNode }) {
  return (
    <Text fontSize="sm" color="fg.error">
      {children}
    </Text>
  );
}

/** The latest knowledge-base articles: title and description. */
export function KnowledgeBaseCard() {
  const articles = useLatestArticles();
  useErrorToast(articles.error);
  return (
    <DashboardCard id="knowledge-base-title" title="Knowledge base">
      {articles.isPending ? (
        <CardSkeleton rows={CONTENT_LIMITS.articles} />
      ) : articles.isError ? (
        <CardError>The articles could not be loaded.</CardError>
      ) : articles.data.length === 0 ? (
        <Text color="fg.muted">No articles yet.</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Latest articles">
          {articles.data.map((article) => (
            <li key={article.id}>
              {/* The portal has no article pages yet; the slug anchor keeps each link distinct until it does. */}
              <Link href={`#${article.slug}`} fontWeight="semibold">
                {article.title}
              </Link>
              <Text fontSize="sm" color="fg.muted">
                {article.description}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}

/** The latest release notes: API version and date. */
export function ApiVersionsCard() {
  const notes = useLatestReleaseNotes();
  useErrorToast(notes.error);
  return (
    <DashboardCard id="api-versions-title" title="API versions">
      {notes.isPending ? (
        <CardSkeleton rows={CONTENT_LIMITS.releaseNotes} />
      ) : notes.isError ? (
        <CardError>The release notes could not be loaded.</CardError>
      ) : notes.data.length === 0 ? (
        <Text color="fg.muted">No release notes yet.</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Latest release notes">
          {notes.data.map((note) => (
            <li key={note.id}>
              <Text fontWeight="semibold">Version {note.apiVersion}</Text>
              <Text fontSize="sm" color="fg.muted">
                <time dateTime={note.date}>{note.date}</time>
                {note.title ? ` · ${note.title}` : ''}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
