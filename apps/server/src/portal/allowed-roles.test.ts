import { describe, expect, it, vi } from 'vitest';
import { createAllowedRoles, rolesFromDescription } from './allowed-roles.ts';

const referenced = {
  components: {
    schemas: {
      SecurityProfile: {
        type: 'object',
        properties: { Roles: { type: 'array', items: { $ref: '#/components/schemas/ApiRole' } } },
      },
      ApiRole: { type: 'string', enum: ['FullAccess', 'ProductAdmin'] },
    },
  },
};

describe('rolesFromDescription', () => {
  it('follows the security profile roles reference', () => {
    expect(rolesFromDescription(referenced)).toEqual(['FullAccess', 'ProductAdmin']);
  });

  it('reads an inline enum on the roles items', () => {
    const inline = {
      components: {
        schemas: {
          SecurityProfile: { properties: { Roles: { items: { type: 'string', enum: ['OrderAdmin'] } } } },
          ApiRole: { enum: ['Other'] },
        },
      },
    };
    expect(rolesFromDescription(inline)).toEqual(['OrderAdmin']);
  });

  it('falls back to the ApiRole enum and gives up on anything else', () => {
    expect(rolesFromDescription({ components: { schemas: { ApiRole: { enum: ['MeAdmin'] } } } })).toEqual(['MeAdmin']);
    expect(rolesFromDescription({ components: {} })).toBeUndefined();
    expect(rolesFromDescription('nonsense')).toBeUndefined();
  });
});

describe('createAllowedRoles', () => {
  it('adds InventoryAdmin and reads each description once', async () => {
    const fetchJson = vi.fn(async () => referenced);
    const allowed = createAllowedRoles(fetchJson);
    const [first, second] = await Promise.all([allowed('http://api.test/'), allowed('http://api.test')]);
    expect([...first].sort()).toEqual(['FullAccess', 'InventoryAdmin', 'ProductAdmin']);
    expect(second).toBe(first);
    expect(fetchJson).toHaveBeenCalledTimes(1);
    expect(fetchJson).toHaveBeenCalledWith('http://api.test/v1/openapi/v3');
  });

  it('does not keep a failed read', async () => {
    const fetchJson = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(referenced);
    const allowed = createAllowedRoles(fetchJson);
    await expect(allowed('http://api.test')).rejects.toThrow('down');
    expect((await allowed('http://api.test')).has('ProductAdmin')).toBe(true);
  });

  it('answers 502 when the description lists no roles', async () => {
    const allowed = createAllowedRoles(async () => ({ openapi: '3.0.0' }));
    await expect(allowed('http://api.test')).rejects.toMatchObject({ status: 502 });
  });
});
