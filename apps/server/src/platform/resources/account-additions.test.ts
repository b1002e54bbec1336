import { describe, expect, it } from 'vitest';
import { verificationCodes } from './password-resets.ts';
import { call, get, ids, useMeApp } from './testing/me-app.ts';

// Users.Move, CC listener assignments and password resets (callers and seed: testing/me-app.ts).
useMeApp();

const person = (ID: string) => ({
  ID,
  Username: ID,
  FirstName: 'F',
  LastName: 'L',
  Email: `${ID}@example.com`,
  Active: true,
});

describe('Users.Move', () => {
  it('moves the user, drops its memberships and moves the chosen orders', async () => {
    await call('admin', 'POST', '/buyers/b1/users', person('mover'));
    await call('admin', 'POST', '/buyers/b1/usergroups/assignments', { UserGroupID: 'g1', UserID: 'mover' });
    const reply = await call('admin', 'POST', '/buyers/b1/users/mover/moveto/b2?orders=Unsubmitted');
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ ID: 'mover', CompanyID: 'b2' });
    expect((await get('admin', '/buyers/b1/users/mover')).status).toBe(404);
    expect((await get('admin', '/buyers/b2/users/mover')).body).toMatchObject({ Username: 'mover' });
    expect((await get('admin', '/buyers/b1/usergroups/assignments?userID=mover')).body.Items).toEqual([]);
  });

  it('refuses an unknown option or buyer', async () => {
    expect((await call('admin', 'POST', '/buyers/b2/users/mover/moveto/b1?orders=Some')).status).toBe(400);
    expect((await call('admin', 'POST', '/buyers/b2/users/mover/moveto/nope')).status).toBe(404);
  });
});

describe('MessageSenders CC listener assignments', () => {
  it('saves one listener per sender assignment and message type, and lists them', async () => {
    await call('admin', 'POST', '/messagesenders', {
      ID: 'ms1',
      Name: 'Mailer',
      MessageTypes: ['OrderSubmitted'],
      URL: 'https://example.com/m',
      SharedKey: 'k',
    });
    const body = {
      MessageSenderAssignment: { MessageSenderID: 'ms1', BuyerID: 'b1' },
      MessageType: 'OrderSubmitted',
      BuyerID: 'b1',
      UserID: 'u1',
    };
    expect((await call('admin', 'POST', '/messagesenders/CCListenerAssignments', body)).status).toBe(204);
    expect((await call('admin', 'POST', '/messagesenders/CCListenerAssignments', body)).status).toBe(204);
    const list = (await get('admin', '/messagesenders/CCListenerAssignments?MessageType=OrderSubmitted')).body;
    expect(list.Items).toEqual([
      {
        ...body,
        MessageSenderAssignment: expect.objectContaining(body.MessageSenderAssignment),
        MessageConfigName: 'Mailer',
        MessageConfigDescription: null,
        SupplierID: null,
        UserGroupID: null,
      },
    ]);
    const missing = await call('admin', 'POST', '/messagesenders/CCListenerAssignments', {
      MessageType: 'OrderSubmitted',
    });
    expect(missing.status).toBe(400);
  });
});

describe('Password resets', () => {
  // The code flow needs a marketplace row for findClient, which this harness does not make.
  it('refuses a reset for an unknown client', async () => {
    const badClient = await call('nobody', 'POST', '/password/reset', { ClientID: 'nope', Username: 'u1' });
    expect(badClient.body.Errors[0]?.ErrorCode).toBe('PasswordReset.MissingOrInvalidClientID');
    const reset = await call('nobody', 'PUT', '/password/reset/x', { ClientID: 'nope', Username: 'u1' });
    expect(reset.status).toBe(400);
    expect(verificationCodes.next()).toHaveLength(22);
  });

  it('resets the password of the token user with Me.ResetPasswordByToken', async () => {
    expect((await call('admin', 'POST', '/me/password', { NewPassword: 'An0ther-one!' })).status).toBe(204);
    expect((await call('u1', 'POST', '/me/password', { NewPassword: 'x' })).status).toBe(403);
    expect(ids((await get('admin', '/adminusers?ID=tester')).body)).toEqual(['tester']);
  });
});
