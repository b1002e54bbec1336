import { expect, test } from '@playwright/test';

test.describe('sign-in protection', () => {
  test('repeated failures are slowed down with a message that does not say whether the account exists', async ({
    page,
  }) => {
    // An address nobody has: the answers are the same as for a real account, and no journey needs it.
    const email = `nobody-${Date.now()}@demo.example`;
    await page.goto('/?organization=demo-org&tenantName=demo-sandbox');
    const alert = page.getByRole('alert');
    const attempt = async (password: string) => {
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };

    await page.getByLabel('Email').fill(email);
    await attempt('wrong-password-1');
    await expect(alert).toHaveText('Invalid email or password.');
    await attempt('wrong-password-2');
    await expect(alert).toHaveText('Invalid email or password.');
    await attempt('wrong-password-3');
    await expect(alert).toHaveText('Too many failed sign-in attempts. Try again in 10 seconds.');
    // During the wait nothing is checked: any password gets the same answer, and the email stays typed.
    await attempt('Demo-Portal-1');
    await expect(alert).toHaveText(/^Too many failed sign-in attempts\. Try again in \d+ seconds?\.$/);
    await expect(page.getByLabel('Email')).toHaveValue(email);
  });
});
