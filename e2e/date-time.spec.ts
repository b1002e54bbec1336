import { expect, test, type Locator } from '@playwright/test';
import { DEMO_USERS, signIn, signInAt } from './sign-in.ts';

// One date and time format across the portal (issue 20): day, short month, year, time and the zone, in UTC, with the
// user's own time on hover. The browser runs in New York so the two differ; the expected text is worked out here
// from the element's machine-readable datetime, independently of the portal's formatter.

const ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A moment's calendar fields in a zone. */
function partsIn(moment: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(moment)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const two = (value: number) => String(value).padStart(2, '0');
  return {
    ...parts,
    monthName: MONTHS[parts.month - 1] ?? '',
    hh: two(parts.hour),
    mm: two(parts.minute),
    ss: two(parts.second),
  };
}

/** New York's offset from UTC at that moment, as the portal writes it (UTC-5 in winter, UTC-4 in summer). */
function newYorkOffset(moment: Date): string {
  const local = partsIn(moment, ZONE);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return `UTC${Math.round((asUtc - Math.floor(moment.getTime() / 1000) * 1000) / 3_600_000)}`;
}

/** Reads a `<time>`: its text, its hover title and the moment it names. */
async function readTime(time: Locator) {
  const [text, title, iso] = await Promise.all([
    time.textContent(),
    time.getAttribute('title'),
    time.getAttribute('datetime'),
  ]);
  expect(iso).toBeTruthy();
  return { text, title, moment: new Date(iso ?? '') };
}

// Month names as the portal writes them ('Sept' in some engines' en-GB, 'Sep' in others).
const MONTH = (short: string) => (short === 'Sep' ? 'Sept?' : short);

test.describe('dates and times', () => {
  test("the console's token expiry reads in UTC, with New York time on hover", async ({ page }) => {
    await signInAt(page, DEMO_USERS.owner, `/console?${CONTEXT}&operationId=Me.Get`);
    await expect(page.getByRole('heading', { level: 1, name: 'API console' })).toBeVisible();
    await page.getByRole('button', { name: 'Connection and token' }).click();
    const request = page.getByRole('region', { name: 'Request', exact: true });
    const { text, title, moment } = await readTime(request.locator('time'));

    const utc = partsIn(moment, 'UTC');
    expect(text).toMatch(
      new RegExp(`^${utc.day} ${MONTH(utc.monthName)} ${utc.year}, ${utc.hh}:${utc.mm}:${utc.ss} UTC$`),
    );
    const ny = partsIn(moment, ZONE);
    const nyText = `${ny.day} ${MONTH(ny.monthName)} ${ny.year}, ${ny.hh}:${ny.mm} ${newYorkOffset(moment)}`;
    expect(title).toMatch(new RegExp(`^Your time \\(America/New_York\\): ${nyText}$`));
    // The token was issued at sign-in and lives for hours, not years: the moment is a real expiry.
    expect(moment.getTime()).toBeGreaterThan(Date.now());
    expect(moment.getTime()).toBeLessThan(Date.now() + 24 * 3_600_000);
    // Hovering shows the title (the browser's tooltip); the text stays in UTC.
    await request.locator('time').hover();
    await expect(request.locator('time')).toHaveAttribute('title', title ?? '');
  });

  test('an explorer list shows a date column as the day in UTC, with New York time on hover', async ({ page }) => {
    await signInAt(page, DEMO_USERS.owner, `/admin/orders/incoming?${CONTEXT}`);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: /Date Submitted/ })).toBeVisible();
    const first = table.locator('td time').first();
    await expect(first).toBeVisible();
    const { text, title, moment } = await readTime(first);
    const utc = partsIn(moment, 'UTC');
    // Spec 2 §2: day, short month and year, in UTC.
    expect(text).toMatch(new RegExp(`^${utc.day} ${MONTH(utc.monthName)} ${utc.year}$`));
    const ny = partsIn(moment, ZONE);
    const nyText = `${ny.day} ${MONTH(ny.monthName)} ${ny.year}, ${ny.hh}:${ny.mm} ${newYorkOffset(moment)}`;
    expect(title).toMatch(new RegExp(`^Your time \\(America/New_York\\): ${nyText}$`));
  });

  test('a release note date is a calendar day: the same text everywhere and no hover time', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    const notes = page.getByRole('list', { name: 'Latest release notes' });
    const first = notes.locator('time').first();
    const iso = await first.getAttribute('datetime');
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [year, month, day] = (iso ?? '').split('-').map(Number);
    const short = MONTHS[(month ?? 1) - 1] ?? '';
    // New York is behind UTC: a day read as a moment would show the day before.
    await expect(first).toHaveText(new RegExp(`^${day} ${MONTH(short)} ${year}$`));
    await expect(first).not.toHaveAttribute('title', /.+/);
  });
});
