/** Escapes text for HTML content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Headers of every identity page: never cached (they hold anti-forgery tokens and who is signed in).
 * The security headers (CSP, framing, nosniff, referrer, HSTS) come from the portal's one policy,
 * http/security-headers.ts, which the part applies to every response before any handler runs.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
};

// The portal's neutral look (its component library's default grey palette), light and dark by the
// system setting, with no external fonts or files.
const STYLES = `
:root{color-scheme:light dark;--bg:#fff;--bg-muted:#f4f4f5;--fg:#09090b;--fg-muted:#52525b;--border:#e4e4e7;
--solid:#18181b;--solid-fg:#fafafa;--focus:#2563eb;--danger-bg:#fef2f2;--danger-fg:#991b1b;--danger-border:#fca5a5;
--ok-bg:#f0fdf4;--ok-fg:#166534;--ok-border:#86efac}
@media (prefers-color-scheme:dark){:root{--bg:#09090b;--bg-muted:#18181b;--fg:#fafafa;--fg-muted:#a1a1aa;
--border:#27272a;--solid:#fafafa;--solid-fg:#18181b;--focus:#60a5fa;--danger-bg:#2a0e0e;--danger-fg:#fca5a5;
--danger-border:#7f1d1d;--ok-bg:#052e16;--ok-fg:#86efac;--ok-border:#166534}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--fg);line-height:1.5;
font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
header{height:3.5rem;display:flex;align-items:center;padding:0 1.5rem;border-bottom:1px solid var(--border);
font-weight:700;font-size:1.125rem}
main{display:flex;flex-direction:column;align-items:center;gap:1.5rem;padding:3rem 1rem}
.card{width:100%;max-width:26rem;padding:1.5rem;border:1px solid var(--border);border-radius:.5rem;background:var(--bg);
box-shadow:0 1px 3px rgba(0,0,0,.06)}
h1{font-size:1.5rem;line-height:2rem;margin:0 0 .25rem}
h2{font-size:1.125rem;margin:0 0 1rem}
p{margin:0 0 1rem}
.muted{color:var(--fg-muted);font-size:.875rem}
.field{margin-bottom:1rem}
label{display:block;font-size:.875rem;font-weight:500;margin-bottom:.375rem}
input{width:100%;height:2.5rem;padding:0 .75rem;border:1px solid var(--border);border-radius:.375rem;background:var(--bg);
color:var(--fg);font:inherit}
input[aria-invalid=true]{border-color:var(--danger-fg)}
button,.button{display:inline-flex;align-items:center;justify-content:center;width:100%;height:2.5rem;padding:0 1rem;
border:1px solid var(--solid);border-radius:.375rem;background:var(--solid);color:var(--solid-fg);font:inherit;
font-weight:600;cursor:pointer;text-decoration:none}
button.secondary,.button.secondary{background:transparent;color:var(--fg);border-color:var(--border)}
button:hover{opacity:.9}
a{color:inherit;text-underline-offset:2px}
:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
.alert{margin:0 0 1rem;padding:.75rem 1rem;border:1px solid;border-radius:.375rem;font-size:.875rem}
.alert.error{background:var(--danger-bg);color:var(--danger-fg);border-color:var(--danger-border)}
.alert.success{background:var(--ok-bg);color:var(--ok-fg);border-color:var(--ok-border)}
.hint{margin:.375rem 0 0;font-size:.8125rem;color:var(--fg-muted)}
.stack{display:grid;gap:.75rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem;font-size:.875rem}
dt{color:var(--fg-muted)}dd{margin:0;overflow-wrap:anywhere}
`;

export interface PageOptions {
  /** Document title; the product name is appended. */
  title: string;
  /** Body of `<main>`, already escaped. */
  content: string;
}

/** The shell every identity page shares: product bar on top, content centred below. */
export function renderPage({ title, content }: PageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Marketplace Portal</title>
<style>${STYLES}</style>
</head>
<body>
<header>Marketplace Portal</header>
<main>
${content}
</main>
</body>
</html>`;
}

/** An alert box; errors are announced at once to screen readers. */
export function alert(kind: 'error' | 'success', message: string, id?: string): string {
  const role = kind === 'error' ? 'alert' : 'status';
  return `<p class="alert ${kind}" role="${role}"${id ? ` id="${id}"` : ''}>${escapeHtml(message)}</p>`;
}
