import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeek, pruneUsageEvents, usageByWeek, weekStart } from './analytics-store.ts';
import { usageEvents } from './db/schema.ts';
import { startPortalTestServer, userClaims, type PortalTestServer } from './testing.ts';

/** A stand-in self-hosted analytics service: it keeps every body POSTed to it. */
async function startReceiver(): Promise<{ server: Server; url: string; bodies: unknown[] }> {
  const bodies: unknown[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      bodies.push(JSON.parse(text));
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`, bodies };
}

const post = (t: PortalTestServer, token: string, body: unknown) =>
  t.call('/analytics/events', token, { method: 'POST', body: JSON.stringify(body) });

const rowsOfOrg = (t: PortalTestServer, organizationId: string) =>
  t.server.database.db
    .select()
    .from(usageEvents)
    .where(eq(usageEvents.organizationId, organizationId))
    .orderBy(usageEvents.id);

describe('analytics on', () => {
  let t: PortalTestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const tokens = { owner: '', dev: '' };

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startPortalTestServer({ config: { analyticsEnabled: true, analyticsForwardUrl: receiver.url } });
    tokens.owner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner']));
    tokens.dev = await t.identity.sign(userClaims('dev@org.test', ['Organization User']));
  });
  afterAll(async () => {
    await t?.dispose();
    receiver?.server.close();
  });

  it('tells the web app that it reports', async () => {
    expect(await t.call('/analytics/settings', tokens.dev)).toMatchObject({ status: 200, body: { Enabled: true } });
  });

  it('stores a batch per organization with the sign-in subject, and forwards it', async () => {
    const events = [
      { name: 'page.view', props: { path: '/console' } },
      { name: 'console.send', props: { method: 'GET', operationId: 'Products.List' } },
    ];
    const { status } = await post(t, tokens.dev, { events });
    expect(status).toBe(204);
    const rows = await rowsOfOrg(t, 'org-1');
    expect(rows.map(({ name, props, userId, marketplaceId }) => ({ name, props, userId, marketplaceId }))).toEqual([
      { name: 'page.view', props: { path: '/console' }, userId: 'sub-dev@org.test', marketplaceId: 'mkt1' },
      {
        name: 'console.send',
        props: { method: 'GET', operationId: 'Products.List' },
        userId: 'sub-dev@org.test',
        marketplaceId: 'mkt1',
      },
    ]);
    await expect.poll(() => receiver.bodies.length).toBe(1);
    expect(receiver.bodies[0]).toMatchObject({
      organizationId: 'org-1',
      marketplaceId: 'mkt1',
      userId: 'sub-dev@org.test',
      events,
    });
  });

  it.each([
    ['no events', { events: [] }, 'events'],
    ['a name off the list', { events: [{ name: 'secret.thing' }] }, 'events.0.name'],
    [
      'an email in a value',
      { events: [{ name: 'page.view', props: { path: '/a@b.example' } }] },
      'events.0.props.path',
    ],
    ['a long value', { events: [{ name: 'page.view', props: { path: 'x'.repeat(201) } }] }, 'events.0.props.path'],
    ['too many events', { events: Array.from({ length: 51 }, () => ({ name: 'page.view' })) }, 'events'],
    ['a nested value', { events: [{ name: 'page.view', props: { body: { token: 'x' } } }] }, 'events.0.props.body'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_case, body, field) => {
    const before = (await rowsOfOrg(t, 'org-1')).length;
    const { status, body: problem, type } = await post(t, tokens.dev, body);
    expect(status).toBe(400);
    expect(type).toContain('application/problem+json');
    // The field is named in the problem's errors (or, from Fastify's own message, as a path with slashes).
    expect(JSON.stringify(problem)).toMatch(new RegExp(field.replace(/\./g, '[./]')));
    expect((await rowsOfOrg(t, 'org-1')).length).toBe(before);
  });

  it('refuses a caller without a token', async () => {
    expect((await post(t, '', { events: [{ name: 'page.view' }] })).status).toBe(401);
  });

  it('shows the usage to organization admins only', async () => {
    const refused = await t.call('/analytics/usage?weeks=4', tokens.dev);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: 403, detail: expect.stringContaining('organization admins') });
    const { status, body } = await t.call('/analytics/usage?weeks=4', tokens.owner);
    expect(status).toBe(200);
    const weeks = (body as { Weeks: { Week: string; Users: number; Counts: Record<string, number> }[] }).Weeks;
    expect(weeks.map((week) => week.Week)).toHaveLength(4);
    expect(weeks.at(-1)).toMatchObject({
      Week: isoWeek(weekStart(new Date())),
      Users: 1,
      Counts: { 'page.view': 1, 'console.send': 1, 'expressions.save': 0 },
    });
    expect((await t.call('/analytics/usage?weeks=99', tokens.owner)).status).toBe(400);
  });

  it('counts per ISO week and distinct users per week, and prunes after 26 weeks', async () => {
    const db = t.server.database.db;
    const at = (iso: string) => new Date(iso);
    const row = (userId: string, name: string, iso: string) => ({
      organizationId: 'org-weeks',
      marketplaceId: 'mkt1',
      userId,
      name,
      occurredAt: at(iso),
    });
    await db.insert(usageEvents).values([
      // Week 2026-W47 (Mon 16 Nov - Sun 22 Nov): two users, Sunday night still counts for that week.
      row('u1', 'console.send', '2026-11-16T00:00:00Z'),
      row('u2', 'console.send', '2026-11-22T23:59:59Z'),
      row('u1', 'page.view', '2026-11-18T10:00:00Z'),
      // Week 2026-W48: one user twice.
      row('u1', 'self-service.sync', '2026-11-23T00:00:00Z'),
      row('u1', 'self-service.sync', '2026-11-25T12:00:00Z'),
      // Another organization's use is not counted.
      { ...row('u9', 'console.send', '2026-11-24T00:00:00Z'), organizationId: 'org-other' },
      // Older than the retention on 28 Nov 2026.
      row('u3', 'page.view', '2026-05-01T00:00:00Z'),
    ]);
    const weeks = await usageByWeek(db, 'org-weeks', 3, at('2026-11-28T09:00:00Z'));
    expect(weeks.map(({ Week, Start, Users }) => ({ Week, Start, Users }))).toEqual([
      { Week: '2026-W46', Start: '2026-11-09', Users: 0 },
      { Week: '2026-W47', Start: '2026-11-16', Users: 2 },
      { Week: '2026-W48', Start: '2026-11-23', Users: 1 },
    ]);
    expect(weeks[1]?.Counts).toMatchObject({ 'console.send': 2, 'page.view': 1, 'self-service.sync': 0 });
    expect(weeks[2]?.Counts).toMatchObject({ 'console.send': 0, 'self-service.sync': 2 });

    expect(await pruneUsageEvents(db, at('2026-11-28T09:00:00Z'))).toBeGreaterThanOrEqual(1);
    const left = await rowsOfOrg(t, 'org-weeks');
    expect(left.map((event) => event.userId).sort()).toEqual(['u1', 'u1', 'u1', 'u1', 'u2']);
  });

  it('names ISO weeks across a year end', () => {
    expect(isoWeek(weekStart(new Date('2024-12-31T12:00:00Z')))).toBe('2025-W01');
    expect(isoWeek(weekStart(new Date('2021-01-03T12:00:00Z')))).toBe('2020-W53');
  });
});

describe('analytics off', () => {
  let t: PortalTestServer;
  let token = '';

  beforeAll(async () => {
    t = await startPortalTestServer({ config: { analyticsEnabled: false } });
    token = await t.identity.sign(userClaims('dev@org.test', ['Organization User']));
  });
  afterAll(() => t?.dispose());

  it('tells the web app not to report, answers 204 and stores nothing', async () => {
    expect((await t.call('/analytics/settings', token)).body).toEqual({ Enabled: false });
    expect((await post(t, token, { events: [{ name: 'console.send', props: { method: 'GET' } }] })).status).toBe(204);
    expect(await t.server.database.db.select().from(usageEvents)).toEqual([]);
  });
});
