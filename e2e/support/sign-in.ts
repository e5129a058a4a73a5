import { expect, type Page } from '@playwright/test';

/** A mobile number of its own per call, so the per-phone send limit never carries over between runs. */
export function freshPhone(): string {
  return `04${String(Date.now() + Math.floor(Math.random() * 1000)).slice(-8)}`;
}

/** The one-time code the development SMS outbox holds for `to`, read from the page as a tester reads it. */
export async function codeFromOutbox(page: Page, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      // Read from the page (same site); the test runner itself cannot resolve *.localhost.
      const messages = await page.evaluate(
        async () =>
          ((await (await fetch('/_dev/outbox.json')).json()) as { messages: Array<{ to: string; body: string }> })
            .messages,
      );
      code = /\b(\d{6})\b/.exec(messages.find((m) => m.to === to)?.body ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** On the sign-in page: send a code to a fresh phone and verify it (the page then goes where its redirect says). */
export async function signInOnPage(page: Page, phone = freshPhone()): Promise<string> {
  // The sign-in page comes painted by the server; the journeys that use it are about what comes
  // after it, so they start once the app has taken over. (Typing into a first paint is kept and
  // replayed a moment after the hand-over, and a click made inside that moment would meet an
  // empty number: first-paint-input.spec.ts is where input before the hand-over is tested.)
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('button', { name: 'Resend Code' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await codeFromOutbox(page, phone));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  return phone;
}
