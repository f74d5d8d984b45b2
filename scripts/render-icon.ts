/**
 * Renders media/icon.svg to media/icon.png (128×128, the Marketplace icon; vsce refuses SVG icons)
 * with the same chromium the e2e tests use:  npx tsx scripts/render-icon.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from './code-server/browser';
import { repoRoot } from './code-server/paths';

async function main(): Promise<void> {
  const svg = readFileSync(join(repoRoot, 'media', 'icon.svg'), 'utf8');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.locator('svg').screenshot({ path: join(repoRoot, 'media', 'icon.png'), omitBackground: true });
  } finally {
    await browser.close();
  }
}

void main();
