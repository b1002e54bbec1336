import { describe, expect, it } from 'vitest';
import { displayName, NO_DISPLAY_NAME } from './display-name';

describe('displayName', () => {
  const full = {
    AppName: 'Storefront',
    AddressName: 'Warehouse',
    FirstName: 'Ann',
    LastName: 'Lee',
    Username: 'ann',
    Name: 'Named',
    ID: 'id-1',
  };

  it('takes the first field present in rule order', () => {
    expect(displayName(full)).toBe('Storefront');
    expect(displayName({ ...full, AppName: undefined })).toBe('Warehouse');
    expect(displayName({ ...full, AppName: undefined, AddressName: undefined })).toBe('Ann Lee');
    expect(displayName({ Username: 'ann', Name: 'Named', ID: 'id-1' })).toBe('ann');
    expect(displayName({ Name: 'Named', ID: 'id-1' })).toBe('Named');
    expect(displayName({ ID: 'id-1' })).toBe('id-1');
  });

  it('uses whichever of FirstName and LastName exists', () => {
    expect(displayName({ FirstName: 'Ann', Username: 'ann' })).toBe('Ann');
    expect(displayName({ LastName: 'Lee', Username: 'ann' })).toBe('Lee');
  });

  it('treats blank, null and non-text values as missing', () => {
    expect(displayName({ AppName: '  ', AddressName: null, FirstName: '', Username: 'ann' })).toBe('ann');
    expect(displayName({ Name: { nested: true }, ID: 42 })).toBe('42');
  });

  it("falls back to 'N/A'", () => {
    expect(displayName({})).toBe(NO_DISPLAY_NAME);
    expect(displayName(null)).toBe('N/A');
    expect(displayName('text')).toBe('N/A');
  });
});
