import { Text } from '@chakra-ui/react';
import type { ChangeActor, ChangeRecord } from '@portal/contracts';
import { AppLink } from '@/ui/app-link';
import { formatDateTime } from '@/ui/date-time';
import { relativeTime } from './relative-time';
import { actorHref } from './resource-ref';

// The parts of a change record that the History tab and the Activity page both show.

const ACTOR_TYPES: Record<ChangeActor['Type'], string> = {
  MarketplaceOwner: 'marketplace owner',
  Buyer: 'buyer',
  Supplier: 'supplier',
  PortalDeveloper: 'portal developer',
};

/** Who made a change: the username, linked to the user's page when it is a platform user, and what kind of user. */
export function ChangeActorName({ actor }: { actor: ChangeActor }) {
  const href = actorHref(actor);
  const name = actor.Username || actor.ID;
  return (
    <Text as="span">
      {href ? (
        <AppLink to={href} color="blue.fg" textDecoration="underline">
          {name}
        </AppLink>
      ) : (
        name
      )}{' '}
      <Text as="span" color="fg.muted">
        ({ACTOR_TYPES[actor.Type]})
      </Text>
    </Text>
  );
}

/** When: "5 minutes ago", the exact moment (to the second, UTC) on hover. */
export function ChangeTime({ time, now }: { time: string; now?: Date }) {
  return (
    <time dateTime={time} title={formatDateTime(time, { precision: 'second' })}>
      {relativeTime(time, now)}
    </time>
  );
}

/** "Products.Patch through client abc, impersonated by admin" as one line of text. */
export function changeSourceText(record: Pick<ChangeRecord, 'OperationID' | 'ClientID' | 'ImpersonatorID'>): string {
  const client = record.ClientID ? ` through client ${record.ClientID}` : '';
  const impersonated = record.ImpersonatorID ? `, impersonated by ${record.ImpersonatorID}` : '';
  return `${record.OperationID}${client}${impersonated}`;
}
