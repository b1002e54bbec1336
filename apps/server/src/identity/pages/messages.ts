import { alert, escapeHtml, renderPage } from './layout.ts';

export interface MessageView {
  title: string;
  message: string;
  /** Optional way forward, e.g. back to the portal. */
  link?: { href: string; label: string };
  error?: boolean;
}

/** A one-card page for outcomes with nothing to fill in: errors, signed out, expired sign-ins. */
export function renderMessage(view: MessageView): string {
  const content = `<section class="card" aria-labelledby="page-title">
<h1 id="page-title">${escapeHtml(view.title)}</h1>
${view.error ? alert('error', view.message) : `<p>${escapeHtml(view.message)}</p>`}
${view.link ? `<a class="button" href="${escapeHtml(view.link.href)}">${escapeHtml(view.link.label)}</a>` : ''}
</section>`;
  return renderPage({ title: view.title, content });
}

/**
 * The sign-out confirmation. `form` is the provider's hidden form (its action and anti-forgery
 * token); both buttons submit it, and only the first asks to sign out.
 */
export function renderLogoutConfirmation(form: string): string {
  const content = `<section class="card" aria-labelledby="page-title">
<h1 id="page-title">Sign out of Marketplace Portal?</h1>
<p class="muted">You will need to sign in again to use the portal.</p>
${form}
<div class="stack">
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>
</div>
</section>`;
  return renderPage({ title: 'Sign out', content });
}
