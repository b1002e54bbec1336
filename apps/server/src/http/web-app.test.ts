import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './web-app.ts';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('inlineScriptHashes', () => {
  it("hashes each inline script's exact text, and leaves scripts loaded from a file out", () => {
    const html = [
      '<head><script>document.documentElement.classList.add("dark");</script>',
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<script type="text/javascript">\n  first();\n</script></head>',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([
      sha256('document.documentElement.classList.add("dark");'),
      sha256('\n  first();\n'),
    ]);
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });
});
