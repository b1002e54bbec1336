import { ApiError } from '../engine/errors.ts';

/** The OAuth 2.0 error types the token endpoint answers with (RFC 6749 §5.2). */
export type OAuthErrorType =
  'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope';

/** The token endpoint's error body: OAuth fields plus the platform's `Errors` array, which the SDKs read. */
export interface OAuthErrorBody {
  error: OAuthErrorType;
  error_description: string;
  Errors: ApiError['errors'];
}

/**
 * A refused grant. It is an ApiError (status 400) so callers outside the token endpoint (the
 * management API's minting) can answer it with the usual envelope.
 */
export class OAuthError extends ApiError {
  readonly oauthError: OAuthErrorType;

  constructor(oauthError: OAuthErrorType, errorCode: string, message: string, data: unknown = null) {
    super(400, errorCode, message, data);
    this.oauthError = oauthError;
  }

  toOAuthJSON(): OAuthErrorBody {
    return { error: this.oauthError, error_description: this.message, Errors: this.errors };
  }
}

/** Errors the grants share, with the platform's messages. */
export const oauthErrors = {
  invalidClientId: (clientId: string) =>
    new OAuthError('invalid_client', 'ApiClient.InvalidClientID', 'Invalid Client ID.', { ClientID: clientId }),
  clientNotActive: () => new OAuthError('invalid_client', 'Auth.ClientNotActive', 'Client ID is not active.'),
  invalidClientSecret: () =>
    new OAuthError('invalid_client', 'Auth.InvalidClientSecret', 'The client secret is missing or does not match.'),
  invalidCredentials: () =>
    new OAuthError('invalid_grant', 'Auth.InvalidUsernameOrPassword', 'Invalid username or password.'),
  credentialsRequired: () =>
    new OAuthError('invalid_request', 'Auth.UsernameAndPasswordRequired', 'Both username and password are required.'),
  userNotActive: () => new OAuthError('invalid_grant', 'Auth.UserNotActive', 'User is not active.'),
  companyNotActive: () =>
    new OAuthError('invalid_grant', 'Auth.CompanyNotActive', "User's organization is not active."),
  clientNotAuthorized: (message: string) => new OAuthError('invalid_grant', 'Auth.ClientNotAuthorized', message),
  insufficientRoles: (missing: readonly string[]) =>
    new OAuthError(
      'invalid_grant',
      'Auth.InsufficientRoles',
      'User does not have role(s) required to perform this action.',
      {
        MissingRoles: missing,
      },
    ),
  lockedOut: () =>
    new OAuthError('invalid_grant', 'Auth.LockedOut', 'Due to excessive login failures, this account has been locked.'),
  invalidRefreshToken: () =>
    new OAuthError('invalid_grant', 'Auth.InvalidRefreshToken', 'The refresh token is invalid or expired.'),
};
