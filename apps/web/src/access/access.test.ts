import { describe, expect, it } from 'vitest';
import { getOperation, getResource } from '@/description/api-model';
import { buildApiDescription } from '@/description/index-description';
import { fixtureDocument } from '@/description/test-fixtures';
import {
  canCall,
  canCallAny,
  canManageFromList,
  CHECKLIST_NOTICES,
  checklistStepState,
  decodeTokenClaims,
  decodeTokenRoles,
  matchingRoles,
  resourceAccessible,
  resourceNameAccessible,
  rolesToOpen,
  sectionTiles,
} from './access';

const api = buildApiDescription(fixtureDocument());
const op = (id: string) => getOperation(api, id);

/** An unsigned JWT with this payload, encoded base64url the way real tokens are. */
function jwt(payload: unknown): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

describe('canCall', () => {
  it('allows operations that require no role', () => {
    expect(canCall([], op('Me.Get'))).toBe(true);
  });

  it('allows FullAccess everywhere', () => {
    expect(canCall(['FullAccess'], op('AdminUsers.Create'))).toBe(true);
    expect(canCall(['FullAccess'], { roles: ['SomethingElse'] })).toBe(true);
  });

  it('allows a token holding any listed role and nothing else', () => {
    expect(canCall(['Shopper', 'ApiClientReader'], op('ApiClients.List'))).toBe(true);
    expect(canCall(['ApiClientReader'], op('ApiClients.Create'))).toBe(false);
    expect(canCall([], op('ApiClients.List'))).toBe(false);
  });

  it('refuses an operation the description lacks', () => {
    expect(canCall(['FullAccess'], undefined)).toBe(false);
  });

  it('canCallAny is true when one of them may be called', () => {
    expect(canCallAny(['AdminUserReader'], [op('ApiClients.List'), op('AdminUsers.List')])).toBe(true);
    expect(canCallAny(['AdminUserReader'], [op('ApiClients.List'), undefined])).toBe(false);
  });
});

describe('matchingRoles', () => {
  it('intersects the operation roles with the token roles', () => {
    expect(matchingRoles(['ApiClientReader', 'Shopper'], { roles: ['FullAccess', 'ApiClientReader'] })).toEqual([
      'ApiClientReader',
    ]);
  });
});

describe('resourceAccessible', () => {
  it('is true when any operation may be called', () => {
    expect(resourceAccessible(['SetSecurityProfile'], getResource(api, 'Security Profiles'))).toBe(true);
    expect(resourceAccessible(['ApiClientReader'], getResource(api, 'Security Profiles'))).toBe(false);
  });

  it('is true for a resource with a public operation, false for a missing one', () => {
    expect(resourceAccessible([], getResource(api, 'Me'))).toBe(true);
    expect(resourceAccessible(['FullAccess'], undefined)).toBe(false);
  });

  it('resourceNameAccessible looks the resource up by its sidebar name', () => {
    expect(resourceNameAccessible(['AdminUserReader'], api, 'Admin Users')).toBe(true);
    expect(resourceNameAccessible(['FullAccess'], api, 'Xp Indices')).toBe(false);
  });
});

describe('canManageFromList', () => {
  const list = { roles: ['FullAccess', 'ProductAdmin', 'ProductReader', 'AdminUserAdmin'] };

  it('needs FullAccess or a listed role containing Admin that does not start with it', () => {
    expect(canManageFromList(['ProductAdmin'], list)).toBe(true);
    expect(canManageFromList(['FullAccess'], list)).toBe(true);
    expect(canManageFromList(['ProductReader'], list)).toBe(false);
    expect(canManageFromList(['AdminUserAdmin'], list)).toBe(false);
  });

  it('needs the role to be listed, and a list operation to exist', () => {
    expect(canManageFromList(['CatalogAdmin'], list)).toBe(false);
    expect(canManageFromList(['FullAccess'], undefined)).toBe(false);
  });
});

describe('sectionTiles', () => {
  const sidebar = [
    {
      title: 'Authentication and Authorization',
      items: [
        { label: 'Api Clients', href: '/admin/api-clients' },
        { label: 'Security Profiles', href: '/admin/security-profiles' },
        { label: 'Impersonation Configs', href: '/admin/impersonation-configs' },
      ],
    },
    { title: 'Marketplace Owners', items: [{ label: 'Admin Users', href: '/admin/admin-users' }] },
    { title: 'Configurations', items: [{ label: 'Xp Indices', href: '/admin/xp-indices' }] },
  ];

  it('keeps sections with an accessible child and links the first permitted one', () => {
    const tiles = sectionTiles(['SecurityProfileReader', 'AdminUserAdmin'], api, sidebar);
    expect(tiles.map((tile) => [tile.title, tile.href, tile.permittedItems.length])).toEqual([
      ['Authentication and Authorization', '/admin/security-profiles', 1],
      ['Marketplace Owners', '/admin/admin-users', 1],
    ]);
    expect(tiles[0]?.firstItem.label).toBe('Security Profiles');
  });

  it('shows every section with a described child to FullAccess, and none to a token without roles', () => {
    expect(sectionTiles(['FullAccess'], api, sidebar).map((tile) => tile.href)).toEqual([
      '/admin/api-clients',
      '/admin/admin-users',
    ]);
    expect(sectionTiles([], api, sidebar)).toEqual([]);
  });

  it('uses resourceName over the label when given', () => {
    const tiles = sectionTiles(['AdminUserReader'], api, [
      { title: 'Owners', items: [{ label: 'People', resourceName: 'AdminUsers', href: '/people' }] },
    ]);
    expect(tiles.map((tile) => tile.href)).toEqual(['/people']);
  });
});

describe('checklistStepState', () => {
  const step = { readOperation: op('AdminUsers.List'), createOperation: op('AdminUsers.Create') };

  it('is completed when the count is above 0', () => {
    expect(checklistStepState({ ...step, roles: ['AdminUserAdmin'], count: 2 })).toEqual({
      status: 'completed',
      disabled: false,
      canRead: true,
      canCreate: true,
      notice: null,
    });
  });

  it('is pending at 0 or while the count is unknown', () => {
    expect(checklistStepState({ ...step, roles: ['AdminUserAdmin'], count: 0 }).status).toBe('pending');
    expect(checklistStepState({ ...step, roles: ['AdminUserAdmin'], count: undefined }).status).toBe('pending');
  });

  it('is disabled without create permission', () => {
    expect(checklistStepState({ ...step, roles: ['AdminUserReader'], count: 1 })).toEqual({
      status: 'completed',
      disabled: true,
      canRead: true,
      canCreate: false,
      notice: CHECKLIST_NOTICES.cannotComplete,
    });
  });

  it('says it cannot be viewed without read permission and ignores the count', () => {
    const state = checklistStepState({
      roles: ['X'],
      count: 3,
      readOperation: { roles: ['R'] },
      createOperation: { roles: ['X'] },
    });
    expect(state).toMatchObject({ status: 'pending', disabled: false, notice: CHECKLIST_NOTICES.cannotView });
  });

  it('uses the exact notice texts', () => {
    expect(CHECKLIST_NOTICES).toEqual({
      cannotComplete: 'You are not authorized to complete this step',
      cannotView: 'You are not authorized to view this step',
    });
  });
});

describe('decodeTokenRoles', () => {
  it('reads a list of roles', () => {
    expect(decodeTokenRoles(jwt({ usr: 'admin', role: ['FullAccess', 'ProductAdmin'] }))).toEqual([
      'FullAccess',
      'ProductAdmin',
    ]);
  });

  it('reads a single role sent as a string', () => {
    expect(decodeTokenRoles(jwt({ role: 'Shopper' }))).toEqual(['Shopper']);
  });

  it('returns no roles for tokens without a usable role claim', () => {
    expect(decodeTokenRoles(jwt({ usr: 'x' }))).toEqual([]);
    expect(decodeTokenRoles(jwt({ role: '' }))).toEqual([]);
    expect(decodeTokenRoles(jwt({ role: [1, 'MeAdmin', null] }))).toEqual(['MeAdmin']);
    expect(decodeTokenRoles(jwt({ role: { a: 1 } }))).toEqual([]);
  });

  it('returns no roles for anything that is not a JWT', () => {
    expect(decodeTokenRoles(undefined)).toEqual([]);
    expect(decodeTokenRoles('')).toEqual([]);
    expect(decodeTokenRoles('not-a-token')).toEqual([]);
    expect(decodeTokenRoles('a.%%%.c')).toEqual([]);
    expect(decodeTokenRoles(`a.${btoa('[1,2]')}.c`)).toEqual([]);
  });

  it('decodes base64url payloads with non-ASCII text and no padding', () => {
    const claims = decodeTokenClaims(jwt({ usr: 'zoë ~~>?', role: 'MeAdmin' }));
    expect(claims).toMatchObject({ usr: 'zoë ~~>?', role: 'MeAdmin' });
  });
});

describe('rolesToOpen', () => {
  it('is null when every operation of the page may be called', () => {
    const productsList = { roles: ['FullAccess', 'ProductAdmin', 'ProductReader'] };
    expect(rolesToOpen(['ProductReader'], [productsList])).toBeNull();
    expect(rolesToOpen(['FullAccess'], [{ roles: ['AdminUserReader'] }])).toBeNull();
    expect(rolesToOpen([], [op('Me.Get')])).toBeNull();
  });

  it('names the roles of the first refused operation, FullAccess included', () => {
    expect(rolesToOpen(['ProductReader'], [{ roles: ['ProductReader'] }, { roles: ['AdminUserReader'] }])).toEqual([
      'FullAccess',
      'AdminUserReader',
    ]);
    expect(rolesToOpen([], [{ roles: ['FullAccess', 'ProductAdmin'] }])).toEqual(['FullAccess', 'ProductAdmin']);
  });

  it('names no role for an operation the description lacks', () => {
    expect(rolesToOpen(['FullAccess'], [undefined])).toEqual([]);
  });
});
