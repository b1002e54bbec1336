import { describe, expect, it } from 'vitest';
import type { PortalCaller } from './auth.ts';
import { developerProfileOf } from './developer-profile.ts';

const caller = (fields: Partial<PortalCaller>): PortalCaller => ({
  subject: 'sub-1',
  email: 'ann@org.test',
  name: 'ann@org.test',
  organizationId: 'org-1',
  organizationRoles: [],
  tenantId: 'tenant-1',
  tenantName: 'mkt1',
  isOrganizationAdmin: false,
  ...fields,
});

describe('developerProfileOf', () => {
  it('splits the display name at its first space and adds the e-mail address', () => {
    expect(developerProfileOf(caller({ name: 'Ann Marie  Lee' }))).toEqual({
      FirstName: 'Ann',
      LastName: 'Marie  Lee',
      Email: 'ann@org.test',
    });
    expect(developerProfileOf(caller({ name: 'Ann' }))).toEqual({ FirstName: 'Ann', Email: 'ann@org.test' });
  });

  it('prefers the given and family names of the sign-in token', () => {
    const profile = developerProfileOf(caller({ name: 'Dr. Ann Lee', givenName: 'Ann', familyName: 'Lee' }));
    expect(profile).toEqual({ FirstName: 'Ann', LastName: 'Lee', Email: 'ann@org.test' });
  });

  it('gives no names when the display name is only the e-mail address', () => {
    expect(developerProfileOf(caller({ name: 'Ann@Org.Test' }))).toEqual({ Email: 'ann@org.test' });
  });

  it("keeps within the platform's bounds: names cut to 100 characters, a longer address left out", () => {
    const email = `${'a'.repeat(195)}@x.test`;
    const profile = developerProfileOf(caller({ email, name: `${'F'.repeat(150)} ${'L'.repeat(150)}` }));
    expect(profile).toEqual({ FirstName: 'F'.repeat(100), LastName: 'L'.repeat(100) });
  });
});
