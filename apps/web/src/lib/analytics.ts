import { PORTAL_CLAIMS, stringClaim } from '@/auth/claims';
import type { Marketplace, PortalUser } from '@/services/portal';
import type { UsageEventName } from '@portal/contracts';
import type { UsageEvent, UsageProps } from './analytics-events';
import { pagePattern } from './analytics-events';
import { environmentFromHostname, type PortalEnvironment } from './environment';

/** Who uses the portal, as product analytics knows them. */
export interface AnalyticsUser {
  id: string;
  email: string;
  name: string;
}

/** The organization (and tenant) the user works in; `type` and `accountId` come from the sign-in claims. */
export interface AnalyticsOrganization {
  id: string;
  type: string;
  accountId: string;
  tenantName: string;
  environment: PortalEnvironment;
}

/**
 * Product-usage analytics (spec 1 §1). The app installs the portal's batching client ({@link
 * createBatchingAnalyticsClient}) through {@link setAnalyticsClient} unless the portal says analytics is off.
 */
export interface AnalyticsClient {
  identify(user: AnalyticsUser, organization: AnalyticsOrganization): void;
  page(path: string): void;
  /** A feature was used: `track('console.send', { method: 'GET', operationId: 'Products.List' })`. */
  track(name: UsageEventName, props?: UsageProps): void;
}

/**
 * The default client: it sends nothing anywhere, so no build leaks data to a vendor unless one is installed.
 * Development builds log the calls so the wiring can be checked in the browser console.
 */
export const noopAnalyticsClient: AnalyticsClient = {
  identify(user, organization) {
    if (import.meta.env.DEV) console.debug('[analytics] identify', user, organization);
  },
  page(path) {
    if (import.meta.env.DEV) console.debug('[analytics] page', path);
  },
  track(name, props) {
    if (import.meta.env.DEV) console.debug('[analytics] track', name, props);
  },
};

let client: AnalyticsClient = noopAnalyticsClient;

/**
 * Installs the client every later call goes to; returns the previous one so tests can put it back.
 *
 * @example
 * const previous = setAnalyticsClient(recordingClient);
 */
export function setAnalyticsClient(next: AnalyticsClient): AnalyticsClient {
  const previous = client;
  client = next;
  return previous;
}

/** The client in force. */
export function getAnalyticsClient(): AnalyticsClient {
  return client;
}

/**
 * Reports that a feature was used; features call this at the moment it happens. Props are a few short facts (a
 * method, an operation id), never a request body, token or email address.
 *
 * @example
 * track('console.send', { method: 'GET', operationId: 'Products.List' });
 */
export function track(name: UsageEventName, props?: UsageProps): void {
  client.track(name, props);
}

/** The service takes at most 50 events a request. */
export const MAX_BATCH = 50;

export interface BatchingClientOptions {
  /** Sends one batch (the portal's `POST /analytics/events`); a failure drops the batch. */
  send(events: UsageEvent[]): Promise<void>;
  /** Whether the portal wants events at all; until it answers, events wait, and `false` drops them. */
  enabled: Promise<boolean>;
  /** How long an event waits for others before its batch goes; default 5 s. */
  intervalMs?: number;
  /** A batch this long goes at once, without waiting; default 20. */
  batchSize?: number;
  /** Events kept while the service is unreachable or undecided; the oldest go first beyond it. Default 200. */
  maxQueued?: number;
}

export interface BatchingAnalyticsClient extends AnalyticsClient {
  /** Sends what is queued now (the page is being hidden or closed). */
  flush(): void;
  /** Stops the timer and drops the queue. */
  dispose(): void;
}

/**
 * A client that queues events and sends them in batches: after `intervalMs`, at `batchSize` events, or on `flush`.
 * Page views carry the route pattern ({@link pagePattern}), not the path with its ids and query. `identify` sends
 * nothing: the portal knows the user and organization from the access token each batch carries.
 */
export function createBatchingAnalyticsClient(options: BatchingClientOptions): BatchingAnalyticsClient {
  const intervalMs = options.intervalMs ?? 5_000;
  const batchSize = Math.min(options.batchSize ?? 20, MAX_BATCH);
  const maxQueued = options.maxQueued ?? 200;
  let state: 'pending' | 'on' | 'off' = 'pending';
  let queue: UsageEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const flush = () => {
    stopTimer();
    if (state !== 'on') return;
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      // Usage is not worth retrying or bothering the user about.
      void options.send(batch).catch(() => undefined);
    }
  };
  const schedule = () => {
    if (state !== 'on' || queue.length === 0) return;
    if (queue.length >= batchSize) flush();
    else timer ??= setTimeout(flush, intervalMs);
  };
  const dispose = () => {
    stopTimer();
    state = 'off';
    queue = [];
  };
  options.enabled.then((enabled) => {
    if (state !== 'pending') return;
    if (!enabled) return dispose();
    state = 'on';
    schedule();
  }, dispose);

  const add = (event: UsageEvent) => {
    if (state === 'off') return;
    queue.push(event);
    if (queue.length > maxQueued) queue = queue.slice(-maxQueued);
    schedule();
  };
  return {
    identify() {
      // Nothing to send: see above.
    },
    page: (path) => add({ name: 'page.view', props: { path: pagePattern(path) } }),
    track: (name, props) => add(props ? { name, props } : { name }),
    flush,
    dispose,
  };
}

/** What `identify` needs: the sign-in claims, the portal user and the marketplace. */
export interface AnalyticsIdentitySource {
  claims: Readonly<Record<string, unknown>> | null | undefined;
  me: PortalUser;
  marketplace: Marketplace;
  hostname: string;
}

/**
 * The `identify` arguments. The user id is the sign-in subject, since the portal user has no id of its own;
 * missing claims become '' rather than blocking analytics.
 *
 * @example
 * analyticsIdentity({ claims: user.profile, me, marketplace, hostname: location.hostname }).organization.environment;
 */
export function analyticsIdentity(source: AnalyticsIdentitySource): {
  user: AnalyticsUser;
  organization: AnalyticsOrganization;
} {
  const { claims, me } = source;
  return {
    user: { id: stringClaim(claims, 'sub') ?? '', email: me.Email, name: me.Name },
    organization: {
      id: stringClaim(claims, PORTAL_CLAIMS.organizationId) ?? '',
      type: stringClaim(claims, PORTAL_CLAIMS.organizationType) ?? '',
      accountId: stringClaim(claims, PORTAL_CLAIMS.organizationAccountId) ?? '',
      tenantName: stringClaim(claims, PORTAL_CLAIMS.tenantName) ?? '',
      environment: environmentFromHostname(source.hostname),
    },
  };
}
