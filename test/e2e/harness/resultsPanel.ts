/**
 * The CodeGrep results webview as the user sees it. A webview is an iframe (the host, `.webview.ready`,
 * tagged with our extension id) holding another iframe (`#active-frame`) with our page.
 */
import type { FrameLocator, Locator, Page } from 'playwright-core';

/** Frame locator for the CodeGrep webview page. */
export function resultsFrame(page: Page): FrameLocator {
  return page
    .frameLocator('iframe.webview.ready[src*="extensionId=codegrep.codegrep-vscode"]')
    .first()
    .frameLocator('iframe#active-frame');
}

/** Waits until the run shown in the panel reached `status` (data-status on #status). */
export async function waitForRunStatus(page: Page, status: 'done' | 'error' | 'cancelled', timeoutMs = 60_000): Promise<void> {
  const frame = resultsFrame(page);
  await frame.locator('#status').waitFor({ timeout: timeoutMs });
  const settled = frame.locator('#status:not([data-status="running"])');
  await settled.waitFor({ timeout: timeoutMs });
  const actual = await settled.getAttribute('data-status');
  if (actual !== status) {
    const message = await frame.locator('#error-message').innerText().catch(() => '(no error message)');
    throw new Error(`run ended "${actual}", expected "${status}": ${message}`);
  }
}

/** The candidate rows, best first. */
export function candidates(page: Page): Locator {
  return resultsFrame(page).locator('[data-testid="candidate"]');
}
