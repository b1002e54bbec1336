import { secretWithoutLock } from '../auth/lockout.ts';
import type { ApiRole } from './roles.ts';
import type { OperationContext, OperationDefinition } from './types.ts';

interface UnlockTarget {
  /** The user resource, e.g. `Users`. */
  users: 'AdminUsers' | 'Users' | 'SupplierUsers';
  /** The company resource and its path parameter; none for admin users. */
  company?: { resource: 'Buyers' | 'Suppliers'; param: 'buyerID' | 'supplierID' };
  path: string;
  role: ApiRole;
}

/** Ends the user's lockout (auth/lockout.ts): FailedLoginAttempts back to 0 and the lock time gone. */
async function unlock(target: UnlockTarget, context: OperationContext): Promise<undefined> {
  const { params } = context;
  const userId = params.userID ?? '';
  await context.store.transaction(async (store) => {
    const parents: string[] = [];
    if (target.company) {
      const companyId = params[target.company.param] ?? '';
      await store.require(target.company.resource, [], companyId);
      parents.push(companyId);
    }
    const user = await store.require(target.users, parents, userId, 'User');
    const secret = await store.getSecret(target.users, parents, userId);
    await store.put(target.users, parents, { ...user, FailedLoginAttempts: 0 }, secretWithoutLock(secret));
  });
  return undefined;
}

function unlockOperation(target: UnlockTarget): OperationDefinition {
  return {
    name: 'UnlockUserAccount',
    method: 'POST',
    path: target.path,
    roles: [target.role],
    summary: 'Unlock a user account.',
    description:
      'Ends a lockout after too many failed sign-ins: FailedLoginAttempts returns to 0 and the user may sign in at once.',
    response: { status: 204 },
    handler: (context) => unlock(target, context),
  };
}

/** `AdminUsers.UnlockUserAccount`. */
export const unlockAdminUserOperation = unlockOperation({
  users: 'AdminUsers',
  path: '/adminusers/{userID}/unlock',
  role: 'AdminUserAdmin',
});

/** `Users.UnlockUserAccount`. */
export const unlockBuyerUserOperation = unlockOperation({
  users: 'Users',
  company: { resource: 'Buyers', param: 'buyerID' },
  path: '/buyers/{buyerID}/users/{userID}/unlock',
  role: 'BuyerUserAdmin',
});

/** `SupplierUsers.UnlockUserAccount`. */
export const unlockSupplierUserOperation = unlockOperation({
  users: 'SupplierUsers',
  company: { resource: 'Suppliers', param: 'supplierID' },
  path: '/suppliers/{supplierID}/users/{userID}/unlock',
  role: 'SupplierUserAdmin',
});
