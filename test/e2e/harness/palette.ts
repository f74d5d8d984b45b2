/** Drives VS Code's command palette and input boxes the way a user does (keyboard and clicks). */
import type { Page } from 'playwright-core';

const QUICK_INPUT = '.quick-input-widget .quick-input-box input';

/**
 * Runs a command by its palette title (F1, type, pick the row). The palette only lists commands
 * registered when it opened, so a missing row means "not yet": close it and retry until `timeoutMs`.
 */
export async function runFromPalette(page: Page, title: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.keyboard.press('F1');
    const input = page.locator(QUICK_INPUT);
    const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: title }).first();
    try {
      // The palette can close again at once when focus moves (a closing notification center, a revealed panel): retry then too.
      await input.fill(`>${title}`, { timeout: 3000 });
      await row.waitFor({ state: 'visible', timeout: 3000 });
      await row.click({ timeout: 3000 });
      return;
    } catch (error) {
      await page.keyboard.press('Escape');
      if (Date.now() > deadline) throw new Error(`"${title}" never appeared in the command palette: ${String(error)}`);
    }
  }
}

/** Types into the open input box (showInputBox) and accepts it with Enter. */
export async function answerInputBox(page: Page, text: string): Promise<void> {
  const input = page.locator(QUICK_INPUT);
  await input.waitFor({ state: 'visible' });
  await input.fill(text);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden' });
}

/** Waits for a status bar item whose text contains `text` (an extension's activation signal). */
export async function waitForStatusBarItem(page: Page, text: string, timeoutMs = 60_000): Promise<void> {
  await page.locator('.part.statusbar .statusbar-item', { hasText: text }).first().waitFor({ state: 'visible', timeout: timeoutMs });
}
