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
