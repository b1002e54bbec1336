import { Alert, List, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { withKeptQuery } from '@/lib/keep-query';
import { AppLink } from '@/ui/app-link';
import type { XpConflict, XpInference } from './infer-xp-schema';

/** Spec 2 §8, word for word. */
export function nonConformingWarning(singular: string): string {
  return `The extended properties of this ${singular.toLowerCase()} do not conform to the expected schema.`;
}

/** Items a conflict lists before '…and n more'. */
const LISTED_ITEMS = 20;

function Notice(props: { status: 'warning' | 'info'; title: string; children?: ReactNode }) {
  return (
    <Alert.Root status={props.status}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{props.title}</Alert.Title>
        {props.children && <Alert.Description>{props.children}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}

const typeName = (type: string) => (type === 'string' ? 'text' : type);

/** One property the items disagree on: the type that wins, and the items holding another (linked). */
function ConflictNotice({ conflict, label }: { conflict: XpConflict; label: string }) {
  const { pathname, search } = useLocation();
  const listPath = pathname.slice(0, pathname.lastIndexOf('/'));
  const shown = conflict.disagreeing.slice(0, LISTED_ITEMS);
  const more = conflict.disagreeing.length - shown.length;
  return (
    <Notice
      status="info"
      title={`${label} disagree on the type of xp.${conflict.path}: ${typeName(conflict.winner)} wins (${conflict.winnerCount} ${label.toLowerCase()}), so the form edits it as ${typeName(conflict.winner)}.`}
    >
      <Text>A search index rejects the {label.toLowerCase()} that hold another type:</Text>
      <List.Root ps="4">
        {shown.map(({ id, type }) => (
          <List.Item key={id}>
            <AppLink to={withKeptQuery(`${listPath}/${encodeURIComponent(id)}`, search)} color="blue.fg">
              {id}
            </AppLink>{' '}
            ({typeName(type)})
          </List.Item>
        ))}
      </List.Root>
      {more > 0 && <Text>…and {more} more.</Text>}
    </Notice>
  );
}

/** The warnings and notes above an item's xp fields (spec 2 §8). */
export function XpNotices(props: {
  singular: string;
  label: string;
  inference: XpInference;
  nonConforming: readonly string[];
  hidden: readonly string[];
  consoleHref: string | null;
}) {
  const { singular, label, inference, nonConforming, hidden, consoleHref } = props;
  return (
    <>
      {nonConforming.length > 0 && (
        <Notice status="warning" title={nonConformingWarning(singular)}>
          <Text>Not shown as they are: {nonConforming.map((path) => `xp.${path}`).join(', ')}.</Text>
        </Notice>
      )}
      {hidden.length > 0 && (
        <Notice
          status="warning"
          title={`This ${singular.toLowerCase()} has extended properties without a type or value, which are hidden here: ${hidden.map((path) => `xp.${path}`).join(', ')}.`}
        >
          {consoleHref && (
            <AppLink to={consoleHref} color="blue.fg">
              See them in the API console
            </AppLink>
          )}
        </Notice>
      )}
      {inference.failed && (
        <Notice
          status="warning"
          title={`The ${label.toLowerCase()} could not be read, so the extended properties use an empty schema: only this ${singular.toLowerCase()}'s own are shown.`}
        />
      )}
      {inference.conflicts.map((conflict) => (
        <ConflictNotice key={conflict.path} conflict={conflict} label={label} />
      ))}
    </>
  );
}
