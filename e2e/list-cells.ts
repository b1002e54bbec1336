import { expect, type Page } from '@playwright/test';

/** The explorer list's item rows (each named 'Open <item>'). */
export function explorerRows(page: Page) {
  return page.getByRole('main').getByRole('row', { name: /^Open / });
}

/** The cells under one column heading, row by row (rows may lead with a selection box or a picture). */
export async function columnTexts(page: Page, heading: string): Promise<string[]> {
  if ((await explorerRows(page).all()).length === 0) return [];
  const index = await page
    .getByRole('main')
    .getByRole('columnheader', { name: heading, exact: true })
    .evaluate((header) => Array.from(header.parentElement?.children ?? []).indexOf(header));
  expect(index, `a column headed ${heading}`).toBeGreaterThanOrEqual(0);
  return explorerRows(page).evaluateAll(
    (found, at) => found.map((row) => row.querySelectorAll('td')[at]?.textContent ?? ''),
    index,
  );
}
