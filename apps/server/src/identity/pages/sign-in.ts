import { alert, escapeHtml, renderPage } from './layout.ts';

export const SIGN_IN_HEADING = 'Sign in to Marketplace Portal';
export const INVALID_CREDENTIALS = 'Invalid email or password.';

export interface SignInView {
  /** Where the form posts (the interaction's own address). */
  action: string;
  /** The email typed last time, so a wrong password does not clear it. */
  email?: string;
  error?: string;
  /** Tenant the portal asked for, shown so the user knows where they are signing in to. */
  tenantName?: string;
  /** Link back to the portal, offered when the sign-in cannot go on for this tenant. */
  portalUrl?: string;
}

/** The sign-in form: labelled Email and Password fields and one Sign in button. */
export function renderSignIn(view: SignInView): string {
  const described = view.error ? ' aria-describedby="form-error"' : '';
  const invalid = view.error ? ' aria-invalid="true"' : '';
  const content = `<section class="card" aria-labelledby="page-title">
<h1 id="page-title">${SIGN_IN_HEADING}</h1>
${view.tenantName ? `<p class="muted">Tenant: <strong>${escapeHtml(view.tenantName)}</strong></p>` : '<p class="muted">Use your organization account.</p>'}
${view.error ? alert('error', view.error, 'form-error') : ''}
<form method="post" action="${escapeHtml(view.action)}">
<div class="field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus spellcheck="false" value="${escapeHtml(view.email ?? '')}"${described}${invalid}>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}${invalid}>
</div>
<button type="submit">Sign in</button>
</form>
</section>
${view.portalUrl ? `<p class="muted"><a href="${escapeHtml(view.portalUrl)}">Back to Marketplace Portal</a></p>` : ''}`;
  return renderPage({ title: 'Sign in', content });
}
