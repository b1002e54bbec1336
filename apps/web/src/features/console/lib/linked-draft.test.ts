import { describe, expect, it } from 'vitest';
import { linkedDraft } from './linked-draft';

const usersGet = {
  id: 'Users.Get',
  pathParams: [
    { name: 'buyerID', in: 'path', required: true, description: '', schema: {} },
    { name: 'userID', in: 'path', required: true, description: '', schema: {} },
  ],
};

describe('linkedDraft', () => {
  it('fills the linked operation path parameters from the link', () => {
    const draft = linkedDraft(
      usersGet,
      '?resourceId=Users&operationId=Users.Get&buyerID=b1&userID=u%201&organization=o',
    );
    expect(draft?.pathParams).toEqual({ buyerID: 'b1', userID: 'u 1' });
  });

  it('ignores links to another operation or without parameters', () => {
    expect(linkedDraft(usersGet, '?operationId=Users.List&buyerID=b1')).toBeUndefined();
    expect(linkedDraft(usersGet, '?operationId=Users.Get')).toBeUndefined();
  });
});
