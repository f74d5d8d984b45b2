/** Launches Debian's chromium through playwright-core with flags that keep it offline and quiet. */
import { chromium, type Browser } from 'playwright-core';
import { assertInstalled, chromiumBin } from './paths';

/** Chromium flags for a headless, sandbox-less CI machine that must not call home. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts one browser (fresh profile); close it with `browser.close()`. Playwright also kills it on exit. */
export async function launchChromium(): Promise<Browser> {
  assertInstalled();
  return chromium.launch({ executablePath: chromiumBin, args: chromiumArgs, headless: true, timeout: 60_000 });
}
