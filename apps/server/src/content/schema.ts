import {
  GraphQLEnumType,
  GraphQLError,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
} from 'graphql';
import type { Article, ContentLibrary, ReleaseNote, Subsection } from './library.ts';

/** Largest `first` for articles and release notes: the dashboard shows 5 and 3; more is a paging bug. */
export const MAX_DOCUMENTS = 50;
/** Largest `first` for subsections (spec §9: GraphQL subsection limit 500). */
export const MAX_SUBSECTIONS = 500;

const text = { type: new GraphQLNonNull(GraphQLString) };

const ArticleType = new GraphQLObjectType<Article>({
  name: 'Article',
  description: 'A knowledge-base article.',
  fields: {
    id: text,
    title: text,
    description: { ...text, description: 'One or two sentences shown on the dashboard card.' },
    slug: { ...text, description: 'URL segment of the article page.' },
    publishDate: { ...text, description: 'Calendar date, YYYY-MM-DD.' },
    body: { ...text, description: 'The article as markdown.' },
  },
});

const ReleaseNoteType = new GraphQLObjectType<ReleaseNote>({
  name: 'ReleaseNote',
  description: 'What changed in one API version.',
  fields: {
    id: text,
    apiVersion: { ...text, description: 'Three dot-separated numbers, e.g. 1.0.450.' },
    date: { ...text, description: 'Release date, YYYY-MM-DD.' },
    title: text,
    body: { ...text, description: 'The note as markdown.' },
  },
});

const SubsectionType = new GraphQLObjectType<Subsection>({
  name: 'Subsection',
  description: 'A named group of API paths used to group the operations of one console section.',
  fields: {
    name: text,
    sectionId: { ...text, description: 'The console section the group belongs to, e.g. MeAndMyStuff.' },
    paths: {
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLString))),
      description: 'API paths (as in the API description) whose operations belong to this group.',
    },
  },
});

const ArticleOrder = new GraphQLEnumType({
  name: 'ArticleOrder',
  values: {
    PUBLISH_DATE_DESC: { description: 'Newest first (the dashboard order).' },
    PUBLISH_DATE_ASC: { description: 'Oldest first.' },
  },
});

/**
 * Builds the content graph over an already validated library. Called once per server start:
 * resolvers only slice the in-memory lists, which are already sorted in their default order.
 */
export function buildContentSchema(library: ContentLibrary): GraphQLSchema {
  const query = new GraphQLObjectType({
    name: 'Query',
    fields: {
      articles: {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(ArticleType))),
        description: `Knowledge-base articles, newest first unless orderBy says otherwise (first: at most ${MAX_DOCUMENTS}).`,
        args: {
          first: { type: GraphQLInt, defaultValue: 5 },
          orderBy: { type: ArticleOrder, defaultValue: 'PUBLISH_DATE_DESC' },
        },
        resolve: (_source, args: { first?: number | null; orderBy?: string | null }) => {
          const ordered = args.orderBy === 'PUBLISH_DATE_ASC' ? [...library.articles].reverse() : library.articles;
          return ordered.slice(0, limit(args.first, 5, MAX_DOCUMENTS));
        },
      },
      article: {
        type: ArticleType,
        description: 'One article by its slug (its page in the portal); null when no article has that slug.',
        args: { slug: { type: new GraphQLNonNull(GraphQLString) } },
        resolve: (_source, args: { slug: string }) =>
          library.articles.find((article) => article.slug === args.slug) ?? null,
      },
      releaseNote: {
        type: ReleaseNoteType,
        description: 'One release note by its API version (its page in the portal); null when there is none.',
        args: { apiVersion: { type: new GraphQLNonNull(GraphQLString) } },
        resolve: (_source, args: { apiVersion: string }) =>
          library.releaseNotes.find((note) => note.apiVersion === args.apiVersion) ?? null,
      },
      releaseNotes: {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(ReleaseNoteType))),
        description: `Release notes, newest first (first: at most ${MAX_DOCUMENTS}).`,
        args: { first: { type: GraphQLInt, defaultValue: 3 } },
        resolve: (_source, args: { first?: number | null }) =>
          library.releaseNotes.slice(0, limit(args.first, 3, MAX_DOCUMENTS)),
      },
      subsections: {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(SubsectionType))),
        description: `Operation groups ordered by name, optionally of one section (first: at most ${MAX_SUBSECTIONS}).`,
        args: {
          sectionId: { type: GraphQLString },
          first: { type: GraphQLInt, defaultValue: MAX_SUBSECTIONS },
        },
        resolve: (_source, args: { sectionId?: string | null; first?: number | null }) => {
          const { sectionId } = args;
          const matching =
            sectionId == null
              ? library.subsections
              : library.subsections.filter((subsection) => subsection.sectionId === sectionId);
          return matching.slice(0, limit(args.first, MAX_SUBSECTIONS, MAX_SUBSECTIONS));
        },
      },
    },
  });
  return new GraphQLSchema({ query });
}

/** An explicit `null` means the default; more than the cap gets the cap rather than an error, like a page size. */
function limit(first: number | null | undefined, fallback: number, max: number): number {
  if (first == null) return fallback;
  if (first < 0) throw new GraphQLError(`"first" must be 0 or more; got ${first}.`);
  return Math.min(first, max);
}
