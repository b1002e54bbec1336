import { Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { CONTENT_LIMITS } from '@/services/content';
import { AppLink } from '@/ui/app-link';
import { DateTime } from '@/ui/date-time';
import { useErrorToast } from '@/ui/notify-error';
import { articlePath, releaseNotePath, useLatestArticles, useLatestReleaseNotes } from './content/content-queries';

/** A dashboard card with a heading; `id` names the section for assistive technology. */
export function DashboardCard(props: { id: string; title: string; children: ReactNode; footer?: ReactNode }) {
  const { id, title, children, footer } = props;
  return (
    <Card.Root as="section" aria-labelledby={id} h="full">
      <Card.Header>
        <Heading as="h2" id={id} size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
      {footer && <Card.Footer>{footer}</Card.Footer>}
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

/** The latest knowledge-base articles: title and description, each opening its page. */
export function KnowledgeBaseCard() {
  const articles = useLatestArticles();
  useErrorToast(articles.error);
  return (
    <DashboardCard
      id="knowledge-base-title"
      title="Knowledge base"
      footer={
        <AppLink to="/articles" fontSize="sm" color="blue.fg">
          All articles
        </AppLink>
      }
    >
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
              <AppLink to={articlePath(article.slug)} fontWeight="semibold">
                {article.title}
              </AppLink>
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

/** The latest release notes: API version and date, each opening its note. */
export function ApiVersionsCard() {
  const notes = useLatestReleaseNotes();
  useErrorToast(notes.error);
  return (
    <DashboardCard
      id="api-versions-title"
      title="API versions"
      footer={
        <AppLink to="/release-notes" fontSize="sm" color="blue.fg">
          All release notes
        </AppLink>
      }
    >
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
              <AppLink to={releaseNotePath(note.apiVersion)} fontWeight="semibold">
                Version {note.apiVersion}
              </AppLink>
              <Text fontSize="sm" color="fg.muted">
                <DateTime value={note.date} />
                {note.title ? ` · ${note.title}` : ''}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
