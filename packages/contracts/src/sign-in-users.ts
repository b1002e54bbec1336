/**
 * A user who can sign in through an API client, as the platform's management API lists them and the portal
 * service reads them for its impersonation panel.
 */
export interface SignInUser {
  Username: string;
  /** The user's ID in the marketplace (what integrations call the interop id). */
  ID: string;
  FirstName: string | null;
  LastName: string | null;
  Email: string | null;
  CompanyID: string;
  CompanyName: string | null;
  CommerceRole: 'Buyer' | 'Seller' | 'Supplier';
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** A platform user (buyer, supplier or admin user, as stored or as the public API answers it) as a SignInUser. */
export function signInUserOf(
  user: Record<string, unknown>,
  companyId: string,
  companyName: unknown,
  role: SignInUser['CommerceRole'],
): SignInUser {
  return {
    Username: String(user.Username ?? ''),
    ID: String(user.ID ?? ''),
    FirstName: textOrNull(user.FirstName),
    LastName: textOrNull(user.LastName),
    Email: textOrNull(user.Email),
    CompanyID: companyId,
    CompanyName: textOrNull(companyName),
    CommerceRole: role,
  };
}
