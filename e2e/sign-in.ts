import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-Portal-1';
export const DEMO_USERS = {
  owner: 'owner@demo.example',
  developer: 'dev@demo.example',
  viewer: 'viewer@demo.example',
} as const;

export interface SignInContext {
  organization?: string;
  tenantName?: string;
}

/** Opens the portal for a tenant, signs in on the identity provider's page and waits for the home page. */
export async function signIn(
  page: Page,
  email: string,
  { organization = 'demo-org', tenantName = 'demo-sandbox' }: SignInContext = {},
): Promise<void> {
  await page.goto(`/?${new URLSearchParams({ organization, tenantName }).toString()}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible({ timeout: 20_000 });
}
