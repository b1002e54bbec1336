/// <reference lib="dom" />
/**
 * The waterfall of a page load for the web benchmarks: every request with its start and end relative to a
 * starting instant, and every long task (> 50 ms) and layout shift the documents of the tab reported.
 *
 * Requests come from Playwright's resource timing (`request.timing()`, epoch-based); long tasks and layout
 * shifts from a PerformanceObserver installed in every document of the context, which appends them to the
 * tab's sessionStorage so entries of a document the tab navigated away from (the app before the sign-in
 * redirect, the sign-in page) are kept too. All the documents are same origin (the identity provider is
 * served under /identity), so one sessionStorage sees them all.
 */
import type { BrowserContext, Page, Request } from '@playwright/test';

const STORAGE_KEY = '__bench_performance_entries';

export interface WaterfallRequest {
  method: string;
  /** Path and query, without the origin. */
  path: string;
  type: string;
  status: number;
  /** ms after the start instant. */
  start: number;
  end: number;
}

export interface WaterfallEntry {
  kind: 'longtask' | 'layout-shift';
  /** ms after the start instant. */
  start: number;
  duration: number;
  /** Layout shift score (0 for long tasks). */
  value: number;
  /** Path of the document that reported it. */
  page: string;
  /** A layout shift's moved elements: tag, id or class, and the box before and after (so it can be found). */
  sources?: string[];
}

/** Installs the long task and layout shift observer in every document of the context (before its first page). */
export async function observePerformance(context: BrowserContext): Promise<void> {
  // A string, not a function: tsx adds name helpers to functions that do not exist in the page.
  await context.addInitScript(`(() => {
    const key = ${JSON.stringify(STORAGE_KEY)};
    const save = (entries) => {
      try {
        const saved = JSON.parse(sessionStorage.getItem(key) || '[]');
        sessionStorage.setItem(key, JSON.stringify(saved.concat(entries)));
      } catch {
        // A document without sessionStorage (about:blank) has nothing to report.
      }
    };
    for (const type of ['longtask', 'layout-shift']) {
      try {
        const saveEntries = (entries) => save(entries.map((entry) => ({
          kind: type,
          at: performance.timeOrigin + entry.startTime,
          duration: entry.duration,
          // A layout shift caused by input does not count (the Core Web Vitals rule).
          value: type === 'layout-shift' && !entry.hadRecentInput ? entry.value : 0,
          page: location.pathname,
          sources: (entry.sources || []).map((source) => {
            const node = source.node;
            const name = !node ? '(removed)' : node.nodeType === 1
              ? node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') +
                (node.getAttribute('class') ? '.' + node.getAttribute('class').trim().split(/\\s+/).slice(0, 3).join('.') : '') +
                (node.textContent ? ' "' + node.textContent.trim().slice(0, 40) + '"' : '')
              : '#text "' + (node.textContent || '').trim().slice(0, 40) + '"';
            const box = (r) => Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height);
            return name + ' ' + box(source.previousRect) + ' -> ' + box(source.currentRect);
          }),
        })));
        const observer = new PerformanceObserver((list) => saveEntries(list.getEntries()));
        observer.observe({ type, buffered: true });
        // Entries are reported in idle time: a document that redirects at once would lose its own.
        addEventListener('pagehide', () => saveEntries(observer.takeRecords()));
      } catch {
        // Entry type not supported by this browser.
      }
    }
  })();`);
}

/** Collects the page's requests from now on; `take(startEpochMs)` returns those finished so far. */
export function recordRequests(page: Page): {
  take: (startEpochMs: number) => Promise<WaterfallRequest[]>;
  stop: () => void;
} {
  const finished: Request[] = [];
  const onFinished = (request: Request) => void finished.push(request);
  const onFailed = (request: Request) => void finished.push(request);
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFailed);
  return {
    stop: () => {
      page.off('requestfinished', onFinished);
      page.off('requestfailed', onFailed);
    },
    take: async (startEpochMs) => {
      const rows: WaterfallRequest[] = [];
      for (const request of finished) {
        const timing = request.timing();
        const url = new URL(request.url());
        if (url.protocol === 'data:') continue;
        const end = timing.responseEnd >= 0 ? timing.responseEnd : 0;
        rows.push({
          method: request.method(),
          path: `${url.pathname}${url.search}`,
          type: request.resourceType(),
          status: (await request.response())?.status() ?? 0,
          start: timing.startTime - startEpochMs,
          end: timing.startTime + end - startEpochMs,
        });
      }
      return rows.sort((a, b) => a.start - b.start);
    },
  };
}

/** Long tasks and layout shifts the tab's documents reported, relative to the start instant; then forgets them. */
export async function takePerformanceEntries(page: Page, startEpochMs: number): Promise<WaterfallEntry[]> {
  const raw = await page.evaluate((key: string) => {
    const value = sessionStorage.getItem(key) ?? '[]';
    sessionStorage.removeItem(key);
    return value;
  }, STORAGE_KEY);
  const entries = JSON.parse(raw) as (Omit<WaterfallEntry, 'start'> & { at: number })[];
  return entries
    .map(({ at, ...entry }) => ({ ...entry, start: at - startEpochMs }))
    .filter((entry) => entry.start >= -1)
    .sort((a, b) => a.start - b.start);
}

const shorten = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** A markdown table of the requests and entries in time order, with a bar per row (one character per 25 ms). */
export function formatWaterfall(requests: WaterfallRequest[], entries: WaterfallEntry[], scaleMs = 25): string {
  const rows = [
    ...requests.map((request) => ({
      start: request.start,
      end: request.end,
      what: `${request.method} ${shorten(request.path, 70)} → ${request.status || 'failed'}`,
      kind: request.type,
    })),
    ...entries
      .filter((entry) => entry.kind === 'longtask' || entry.value > 0)
      .map((entry) => ({
        start: entry.start,
        end: entry.start + entry.duration,
        what:
          entry.kind === 'longtask'
            ? `long task on ${entry.page}`
            : `layout shift ${entry.value.toFixed(4)} on ${entry.page}: ${shorten((entry.sources ?? []).join('; '), 300)}`,
        kind: entry.kind,
      })),
  ].sort((a, b) => a.start - b.start);
  const lines = ['| start ms | end ms | ms | what | type | |', '|---:|---:|---:|---|---|---|'];
  for (const row of rows) {
    const offset = Math.max(0, Math.round(row.start / scaleMs));
    const width = Math.max(1, Math.round((row.end - row.start) / scaleMs));
    const bar = `${'·'.repeat(offset)}${'█'.repeat(width)}`;
    lines.push(
      `| ${row.start.toFixed(0)} | ${row.end.toFixed(0)} | ${(row.end - row.start).toFixed(0)} | ${row.what} | ${row.kind} | \`${bar}\` |`,
    );
  }
  return lines.join('\n');
}
