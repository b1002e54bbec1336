import { describe, expect, it } from 'vitest';
import { addressLines, distinctAddresses } from './address-lines';

const headquarters = {
  ID: 'hq',
  CompanyName: 'Alpine Guides',
  FirstName: 'Ann',
  LastName: 'Lee',
  Street1: '1 Main St',
  Street2: 'Suite 4',
  City: 'Boulder',
  State: 'CO',
  Zip: '80302',
  Country: 'US',
  Phone: '555-0100',
};

describe('addressLines', () => {
  it('writes an address as on a parcel', () => {
    expect(addressLines(headquarters)).toEqual([
      'Alpine Guides',
      'Ann Lee',
      '1 Main St',
      'Suite 4',
      'Boulder, CO 80302',
      'US',
      '555-0100',
    ]);
  });

  it('leaves out the parts an address lacks', () => {
    expect(addressLines({ Street1: '9 Elm Rd', City: 'Ely', Zip: 'CB7', Street2: null })).toEqual([
      '9 Elm Rd',
      'Ely, CB7',
    ]);
    expect(addressLines(null)).toEqual([]);
    expect(addressLines({ xp: {} })).toEqual([]);
  });
});

describe('distinctAddresses', () => {
  it('keeps each address once, by ID or else by what is written on it', () => {
    const copy = { ...headquarters };
    const oneOff = { Street1: '2 Side St', City: 'Ely' };
    expect(distinctAddresses([headquarters, null, copy, oneOff, { ...oneOff }, {}, 'x'])).toEqual([
      headquarters,
      oneOff,
    ]);
  });
});
