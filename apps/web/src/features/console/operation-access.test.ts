import { describe, expect, it } from 'vitest';
import { sendRefusal } from './operation-access';

describe('sendRefusal', () => {
  it('lets a token with one of the roles send', () => {
    expect(sendRefusal(['ProductReader'], { roles: ['FullAccess', 'ProductAdmin', 'ProductReader'] })).toBeNull();
    expect(sendRefusal(['FullAccess'], { roles: ['ProductAdmin'] })).toBeNull();
    expect(sendRefusal([], { roles: [] })).toBeNull();
  });

  it("keeps Send disabled for an impersonated buyer's token on an admin operation, naming the roles", () => {
    expect(sendRefusal(['Shopper', 'MeAdmin'], { roles: ['FullAccess', 'ProductAdmin'] })).toBe(
      'The token in use has none of the roles this operation needs (any one of FullAccess or ProductAdmin), so Send is disabled.',
    );
  });
});
