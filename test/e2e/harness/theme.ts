/** Switches the color theme the way a user does (palette → Color Theme) and waits until the workbench and our webview show it. */
import type { Page } from 'playwright-core';
import { runFromPalette } from './palette';
import { resultsFrame } from './resultsPanel';

const THEMES = {
  light: { setting: 'Default Light Modern', workbenchClass: 'vs', webviewClass: 'vscode-light' },
  dark: { setting: 'Default Dark Modern', workbenchClass: 'vs-dark', webviewClass: 'vscode-dark' },
} as const;

/** A theme kind the screenshots are taken in. */
export type ThemeKind = keyof typeof THEMES;

/** Applies the theme and resolves once the workbench and the results page both repainted in it. */
export async function useTheme(page: Page, kind: ThemeKind): Promise<void> {
  const theme = THEMES[kind];
  await runFromPalette(page, 'Preferences: Color Theme');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.fill(theme.setting);
  await page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: theme.setting }).first().click();
  await input.waitFor({ state: 'hidden' });
  await page.locator(`.monaco-workbench.${theme.workbenchClass}`).waitFor({ timeout: 20_000 });
  await resultsFrame(page).locator(`body.${theme.webviewClass}`).waitFor({ timeout: 20_000 });
  // Let CSS transitions and codicon fonts settle before a screenshot.
  await page.waitForTimeout(500);
}
