import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstIndex } from '../platform/search/build.ts';
import { buildIndex } from '../platform/search/jobs.ts';
import { NO_GRANTS } from './role-groups.ts';
import { startPortalTestServer, userClaims, type PortalTestServer } from './testing.ts';

let t: PortalTestServer;
const tokens = { owner: '', dev: '', reader: '', viewer: '' };
let activeId = '';

const put = (path: string, token: string, body?: unknown) =>
  t.call(path, token, { method: 'PUT', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const post = (path: string, token: string, body: unknown) =>
  t.call(path, token, { method: 'POST', body: JSON.stringify(body) });

/** Solves a real challenge of the portal, as the widget does in the browser. */
async function solvedToken(): Promise<string> {
  const { body } = await t.call('/captcha/challenge', tokens.dev);
  const challenge = body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

beforeAll(async () => {
  t = await startPortalTestServer();
  tokens.owner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner']));
  tokens.dev = await t.identity.sign(userClaims('dev@org.test', ['Organization User']));
  tokens.reader = await t.identity.sign(userClaims('reader@org.test', ['Organization User']));
  tokens.viewer = await t.identity.sign(userClaims('viewer@org.test', ['Organization User']));
  const group = (id: string, name: string, fields: object) => ({ Id: id, Name: name, ...NO_GRANTS, ...fields });
  await put(
    '/marketplace/roles/custom-group-1',
    tokens.owner,
    group('custom-group-1', 'Index admins', { OcRoles: [], IndexAdmin: true }),
  );
  await put(
    '/marketplace/roles/custom-group-2',
    tokens.owner,
    group('custom-group-2', 'Readers', { OcRoles: ['ProductReader'] }),
  );
  await put('/marketplace/roles/custom-group-1/members/dev@org.test', tokens.owner);
  await put('/marketplace/roles/custom-group-2/members/reader@org.test', tokens.owner);
  for (const [index, size] of [1, 2, 3, 4, 5, 6, 7, 8, 9, 'XL'].entries()) {
    await t.store.put('Products', [], { ID: `p${index}`, Name: `Product ${index}`, xp: { Size: size } });
  }
  activeId = (await createFirstIndex(t.server.database.db, 'mkt1', 'Products')) ?? '';
  await buildIndex(t.server.database.db, activeId);
});
afterAll(() => t?.dispose());

describe('search indexes in the portal service', () => {
  it('lists the indexes of a type for IndexAdmin or a platform role of that type, and no one else', async () => {
    const listed = await t.call('/searchindexes?type=Products', tokens.dev);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      SearchIndexes: [
        expect.objectContaining({
          IndexID: activeId,
          Type: 'Products',
          Status: 'Ready',
          IsActiveIndex: true,
          PercentComplete: 100,
          RejectedCount: 1,
        }),
      ],
    });
    expect((await t.call('/searchindexes?type=Products', tokens.reader)).status).toBe(200);
    const orders = await t.call('/searchindexes?type=Orders', tokens.reader);
    expect(orders.status).toBe(403);
    expect((orders.body as { detail: string }).detail).toBe(
      'You are not authorized to view search indicies and errors. Please contact your organization administrator to adjust your permissions.',
    );
    expect((await t.call('/searchindexes?type=Products', tokens.viewer)).status).toBe(403);
    expect((await t.call('/searchindexes?type=Widgets', tokens.dev)).status).toBe(400);
  });

  it('answers the errors of an index', async () => {
    const { status, body } = await t.call(`/searchindexes/${activeId}/errors`, tokens.reader);
    expect(status).toBe(200);
    expect(body).toEqual({
      SearchIndexErrors: [
        { ThingID: 'p9', FailedOn: expect.any(String), ErrorText: expect.stringContaining('xp.Size') },
      ],
    });
    expect((await t.call(`/searchindexes/${activeId}/errors`, tokens.viewer)).status).toBe(403);
    expect((await t.call('/searchindexes/nope/errors', tokens.dev)).status).toBe(404);
  });

  it('rebuilds only with IndexAdmin and a captcha solved for this request, each solution used once', async () => {
    const subject = 'sub-dev@org.test';
    const noCaptcha = await post(`/searchindexes/${activeId}/rebuild`, tokens.dev, {
      Recaptcha: { Token: '' },
      id: subject,
    });
    expect(noCaptcha.status).toBe(403);
    const forged = await post(`/searchindexes/${activeId}/rebuild`, tokens.dev, {
      Recaptcha: { Token: Buffer.from('{"challenge":{"parameters":{"nonce":"x"}},"solution":{}}').toString('base64') },
      id: subject,
    });
    expect(forged.status).toBe(403);
    const readerToken = await solvedToken();
    expect(
      (await post(`/searchindexes/${activeId}/rebuild`, tokens.reader, { Recaptcha: { Token: readerToken } })).status,
    ).toBe(403);

    const token = await solvedToken();
    const accepted = await post(`/searchindexes/${activeId}/rebuild`, tokens.dev, {
      Recaptcha: { Token: token },
      id: subject,
    });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ Type: 'Products', Status: 'WaitingToBuild', IsActiveIndex: false });
    const replayed = await post(`/searchindexes/${activeId}/rebuild`, tokens.dev, {
      Recaptcha: { Token: token },
      id: subject,
    });
    expect(replayed.status).toBe(403);
    expect((replayed.body as { detail: string }).detail).toMatch(/already used/);

    // A second rebuild while the first waits is refused by the platform, with its reason.
    const again = await post(`/searchindexes/${activeId}/rebuild`, tokens.dev, {
      Recaptcha: { Token: await solvedToken() },
      id: subject,
    });
    expect(again.status).toBe(409);
    const listed = (await t.call('/searchindexes?type=Products', tokens.dev)).body as {
      SearchIndexes: { Status: string }[];
    };
    expect(listed.SearchIndexes.map((index) => index.Status)).toEqual(['WaitingToBuild', 'Rebuilding']);
  });
});
