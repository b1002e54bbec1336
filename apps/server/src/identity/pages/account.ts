import { alert, escapeHtml, renderPage } from './layout.ts';

export interface AccountView {
  email: string;
  name: string;
  /** Path the identity pages are mounted at, e.g. `/identity`. */
  mountPath: string;
  /** Anti-forgery token both forms carry. */
  csrf: string;
  /** Portal address the "Back" link and the forms keep. */
  returnTo: string;
  /** Success message after a change. */
  notice?: string;
  profileError?: string;
  passwordError?: string;
}

function field(id: string, label: string, input: string, error?: string): string {
  const extra = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  return `<div class="field">
<label for="${id}">${label}</label>
${input.replace('>', `${extra}>`)}
</div>`;
}

/** "Manage account": the display name and the password of the signed-in user. */
export function renderAccount(view: AccountView): string {
  const hidden = `<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<input type="hidden" name="returnTo" value="${escapeHtml(view.returnTo)}">`;
  const content = `<section class="card" aria-labelledby="page-title">
<h1 id="page-title">Manage account</h1>
<p class="muted">Signed in as <strong>${escapeHtml(view.email)}</strong></p>
${view.notice ? alert('success', view.notice) : ''}
<p><a href="${escapeHtml(view.returnTo)}">Back to Marketplace Portal</a></p>
</section>
<section class="card" aria-labelledby="profile-title">
<h2 id="profile-title">Profile</h2>
${view.profileError ? alert('error', view.profileError, 'name-error') : ''}
<form method="post" action="${escapeHtml(view.mountPath)}/account/profile">
${hidden}
${field('name', 'Display name', `<input id="name" name="name" type="text" autocomplete="name" required maxlength="100" value="${escapeHtml(view.name)}">`, view.profileError)}
<button type="submit">Save name</button>
</form>
</section>
<section class="card" aria-labelledby="password-title">
<h2 id="password-title">Password</h2>
${view.passwordError ? alert('error', view.passwordError, 'password-error') : ''}
<form method="post" action="${escapeHtml(view.mountPath)}/account/password">
${hidden}
<input type="text" name="username" autocomplete="username" value="${escapeHtml(view.email)}" hidden>
${field('current-password', 'Current password', '<input id="current-password" name="currentPassword" type="password" autocomplete="current-password" required>', view.passwordError)}
<div class="field">
<label for="new-password">New password</label>
<input id="new-password" name="newPassword" type="password" autocomplete="new-password" required minlength="10" aria-describedby="new-password-hint">
<p class="hint" id="new-password-hint">At least 10 characters.</p>
</div>
${field('confirm-password', 'Confirm new password', '<input id="confirm-password" name="confirmPassword" type="password" autocomplete="new-password" required minlength="10">')}
<button type="submit">Change password</button>
</form>
</section>`;
  return renderPage({ title: 'Manage account', content });
}
