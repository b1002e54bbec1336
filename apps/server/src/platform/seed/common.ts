import type { Item } from '../engine/item.ts';
import { pad, type Random } from './random.ts';
import { CITIES, FIRST_NAMES, LAST_NAMES, STREETS } from './words.ts';
import type { SeedWriter } from './writer.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Password hashes, made once per seeding: scrypt is deliberately slow. */
export interface SeedHashes {
  admin: string;
  buyer: string;
  supplier: string;
}

/** What every generator of one marketplace shares. */
export interface SeedContext {
  writer: SeedWriter;
  marketplaceId: string;
  /** The seeding time; every date is relative to it, so the data always looks recent. */
  now: Date;
  hashes: SeedHashes;
  publicUrl: string;
}

/** An ISO date `days` before the seeding time (fractions allowed). */
export const daysAgo = (context: SeedContext, days: number): string =>
  new Date(context.now.getTime() - days * DAY).toISOString();

/** An ISO date `hours` after the seeding time (negative = before). */
export const hoursFromNow = (context: SeedContext, hours: number): string =>
  new Date(context.now.getTime() + hours * HOUR).toISOString();

/** An ISO date `days` after another ISO date. */
export const addDays = (iso: string, days: number): string => new Date(Date.parse(iso) + days * DAY).toISOString();

export interface Person {
  first: string;
  last: string;
}

export const randomPerson = (rng: Random): Person => ({ first: rng.pick(FIRST_NAMES), last: rng.pick(LAST_NAMES) });

/** `first.last@domain`, lower case and without spaces or apostrophes. */
export const emailOf = (person: Person, domain: string): string =>
  `${person.first}.${person.last}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${domain}`;

export interface UserSpec {
  id: string;
  username: string;
  person: Person;
  domain: string;
  /** The buyer, supplier or marketplace the user belongs to (the API fills CompanyID the same way). */
  companyId: string;
  createdDaysAgo: number;
  active?: boolean;
  phone?: string;
  xp?: Item;
}

/** A user as the API stores it after a create: Password goes to the secret, never the body. */
export function userItem(context: SeedContext, spec: UserSpec): Item {
  const created = daysAgo(context, spec.createdDaysAgo);
  return {
    ID: spec.id,
    CompanyID: spec.companyId,
    Username: spec.username,
    FirstName: spec.person.first,
    LastName: spec.person.last,
    Email: emailOf(spec.person, spec.domain),
    Phone: spec.phone ?? null,
    TermsAccepted: created,
    Active: spec.active ?? true,
    FailedLoginAttempts: 0,
    DateCreated: created,
    PasswordLastSetDate: created,
    xp: spec.xp ?? {},
  };
}

export interface AddressSpec {
  id: string;
  name: string;
  companyName: string;
  person: Person;
  createdDaysAgo: number;
  /** One of the demo cities, when the name says where it is; otherwise a random one. */
  city?: string;
  xp?: Item;
}

/** A US street address in one of the demo cities. */
export function addressItem(context: SeedContext, rng: Random, spec: AddressSpec): Item {
  const [city, state, zip, area] = CITIES.find(([name]) => name === spec.city) ?? rng.pick(CITIES);
  return {
    ID: spec.id,
    DateCreated: daysAgo(context, spec.createdDaysAgo),
    CompanyName: spec.companyName,
    FirstName: spec.person.first,
    LastName: spec.person.last,
    Street1: `${rng.int(10, 9899)} ${rng.pick(STREETS)}`,
    Street2: rng.chance(0.3) ? `Suite ${rng.int(100, 450)}` : null,
    City: city,
    State: state,
    Zip: zip,
    Country: 'US',
    Phone: `${area}-555-${pad(rng.int(100, 9999), 4)}`,
    AddressName: spec.name,
    xp: spec.xp ?? {},
  };
}

/** Copies of stored objects embedded in others (an order's billing address): plain data, no aliasing. */
export const snapshot = (item: Item): Item => structuredClone(item);
