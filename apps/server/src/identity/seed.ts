import { eq } from 'drizzle-orm';
import type { OrganizationRole } from '@portal/contracts';
import type { Database } from '../db/database.ts';
import { hashPassword } from '../security/passwords.ts';
import { memberships, organizations, tenants, users } from './db/schema.ts';

export const DEMO_PASSWORD = 'Demo-Portal-1';

export const DEMO_ORGANIZATION = {
  id: 'demo-org',
  name: 'Demo Organization',
  type: 'Enterprise',
  accountId: 'acct-demo',
} as const;

export interface DemoUser {
  id: string;
  email: string;
  name: string;
  givenName: string;
  familyName: string;
  role: OrganizationRole;
}

/**
 * The portal's demo sign-ins. Their ids are the `sub` of their tokens, which the portal service
 * uses for its own data (for example the dev user's role group).
 */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    id: 'demo-owner',
    email: 'owner@demo.example',
    name: 'Morgan Blake',
    givenName: 'Morgan',
    familyName: 'Blake',
    role: 'Organization Owner',
  },
  {
    id: 'demo-dev',
    email: 'dev@demo.example',
    name: 'Riley Chen',
    givenName: 'Riley',
    familyName: 'Chen',
    role: 'Organization User',
  },
  {
    id: 'demo-viewer',
    email: 'viewer@demo.example',
    name: 'Jamie Ortiz',
    givenName: 'Jamie',
    familyName: 'Ortiz',
    role: 'Organization User',
  },
];

/** The organization's tenants: one per demo marketplace of the platform, named by its id. */
export const DEMO_TENANTS = [
  { name: 'demo-sandbox', displayName: 'Demo Sandbox' },
  { name: 'demo-staging', displayName: 'Demo Staging' },
  { name: 'demo-production', displayName: 'Demo Production' },
] as const;

/** The line `npm start` prints for these sign-ins. */
export const DEMO_ACCOUNTS_LINE = `portal: ${DEMO_USERS.map((user) => user.email).join(', ')} / ${DEMO_PASSWORD}`;

/**
 * Creates the demo organization, its users, their roles and its tenants, all in one transaction;
 * does nothing (and hashes nothing, so a restart stays fast) once the organization exists.
 */
export async function seedIdentityDemo(database: Database): Promise<{ seeded: boolean }> {
  const { db } = database;
  const existing = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, DEMO_ORGANIZATION.id));
  if (existing.length > 0) return { seeded: false };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(organizations)
      .values(DEMO_ORGANIZATION)
      .onConflictDoNothing()
      .returning({ id: organizations.id });
    // Another process seeded between our check and this insert.
    if (inserted.length === 0) return { seeded: false };
    await tx
      .insert(users)
      .values(DEMO_USERS.map(({ role: _role, ...user }) => ({ ...user, passwordHash })))
      .onConflictDoNothing();
    await tx
      .insert(memberships)
      .values(DEMO_USERS.map((user) => ({ organizationId: DEMO_ORGANIZATION.id, userId: user.id, role: user.role })))
      .onConflictDoNothing();
    await tx
      .insert(tenants)
      .values(
        // Spaced creation times keep the listed order (Sandbox first, the default tenant at sign-in).
        DEMO_TENANTS.map((tenant, index) => ({
          id: tenant.name,
          organizationId: DEMO_ORGANIZATION.id,
          name: tenant.name,
          displayName: tenant.displayName,
          systemId: tenant.name,
          state: 'Active',
          createdAt: new Date(now - (DEMO_TENANTS.length - index) * 1000),
        })),
      )
      .onConflictDoNothing();
    return { seeded: true };
  });
}
