/**
 * UI end-to-end: what a new user meets in a real VS Code 1.100 (code-server + chromium) with the
 * packaged VSIX. Two workbenches: an empty window (no folder: Locate asks for one first; the
 * walkthrough; the Marketplace page from the VSIX), and the fixture repository, where the first run
 * hits "no VS Code model" and the panel's buttons recover, a multi-line paste keeps its title and
 * body, the hand-off falls back to the clipboard and says so, the editor context menu is right on
 * the first right-click, and an issue that cannot be fetched stays in the panel with its text.
 */
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/code-server/browser';
import { repoRoot } from '../../scripts/code-server/paths';
import { startFakeGitHub, type FakeGitHubServer } from '../helpers/fakeGitHubServer';
import { fixtureIssues } from '../integration/fixture/content';
import { createFixtureWorkspace, type FixtureWorkspace } from '../integration/fixture/createFixture';
import { runFromPalette, waitForStatusBarItem } from './harness/palette';
import { candidates, resultsFrame } from './harness/resultsPanel';
import { packagedVsix } from './harness/vsix';
import { Workbench } from './harness/workbench';

const QUICK_INPUT = '.quick-input-widget .quick-input-box input';
const issue = fixtureIssues.python;
const [issueTitle] = issue.text.split('\n');
/** The issue the loopback GitHub API serves for shop/ratelimit#12. */
const GITHUB_ISSUE = { owner: 'shop', repo: 'ratelimit', number: 12, title: 'Zero-cost requests are rejected', body: issue.text };
const ISSUE_URL = 'https://github.com/shop/ratelimit/issues/12';

let browser: Browser;
let vsix: string;
/** Screenshots that refresh the README and walkthrough images (CODEGREP_E2E_UPDATE_DOCS=1, by hand only). */
const docsShots = new Map<string, string>();

before(async function () {
  this.timeout(300_000);
  [browser, vsix] = await Promise.all([launchChromium(), packagedVsix()]);
});

after(async () => {
  await browser?.close();
  if (process.env.CODEGREP_E2E_UPDATE_DOCS === '1') {
    for (const [target, shot] of docsShots) {
      mkdirSync(join(repoRoot, target, '..'), { recursive: true });
      copyFileSync(shot, join(repoRoot, target));
    }
  }
});

/** Screenshots failed tests of a suite. */
function screenshotFailures(workbench: () => Workbench | undefined): void {
  afterEach(async function () {
    const bench = workbench();
    if (this.currentTest?.state === 'failed' && bench) {
      await bench.screenshot(`failed-${this.currentTest.title.replace(/\W+/g, '-')}`).catch(() => undefined);
    }
  });
}

/** Clears toasts (progress toasts linger a moment after a run) before a screenshot for the docs. */
async function clearToasts(page: Page): Promise<void> {
  await runFromPalette(page, 'Notifications: Clear All Notifications');
  await page.locator('.notifications-toasts .notification-toast').first().waitFor({ state: 'hidden', timeout: 10_000 });
}

/** The first frame of the page that holds `selector` with `text` (polls until one does). */
async function frameWith(page: Page, selector: string, text: string, timeoutMs = 30_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      if (await frame.locator(selector, { hasText: text }).count().catch(() => 0)) return frame;
    }
    if (Date.now() > deadline) throw new Error(`no frame shows ${selector} "${text}"`);
    await page.waitForTimeout(250);
  }
}

/** Opens the Locate prompt from the palette and waits for its input. */
async function openLocatePrompt(page: Page): Promise<void> {
  await runFromPalette(page, 'Locate files for issue');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Locate files for issue' }).waitFor();
}

/** Types into the Locate prompt and accepts with Enter. */
async function typeIssue(page: Page, text: string): Promise<void> {
  await openLocatePrompt(page);
  await page.locator(QUICK_INPUT).fill(text);
  await page.keyboard.press('Enter');
  await page.locator(QUICK_INPUT).waitFor({ state: 'hidden' });
}

/** The run the panel shows now ('' when none). */
async function shownRunId(page: Page): Promise<string> {
  const status = resultsFrame(page).locator('#status');
  return (await status.count()) ? ((await status.getAttribute('data-run-id')) ?? '') : '';
}

/** Runs `action`, then waits until the panel shows another run that ended with `status`. */
async function expectNewRun(page: Page, status: 'done' | 'error', action: () => Promise<void>): Promise<void> {
  const previous = await shownRunId(page);
  await action();
  const settled = resultsFrame(page).locator(`#status:not([data-run-id="${previous}"]):not([data-status="running"])`);
  await settled.waitFor({ timeout: 60_000 });
  const actual = await settled.getAttribute('data-status');
  if (actual !== status) {
    const message = await resultsFrame(page).locator('#error-message').innerText().catch(() => '(no error message)');
    throw new Error(`run ended "${actual}", expected "${status}": ${message}`);
  }
}

describe('e2e first run: an empty window', () => {
  let workbench: Workbench | undefined;

  before(async function () {
    this.timeout(120_000);
    workbench = await Workbench.open({ browser, vsix, label: 'first-run-empty' });
  });

  after(async () => {
    await workbench?.close();
  });

  screenshotFailures(() => workbench);

  it('activates without a folder (status bar item)', async () => {
    await waitForStatusBarItem(workbench!.page, 'CodeGrep');
  });

  it('Locate asks for a folder before asking for the issue (nothing typed is lost)', async () => {
    const { page } = workbench!;
    await runFromPalette(page, 'Locate files for issue');
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'open a folder first' });
    await toast.waitFor();
    assert.ok(await toast.locator('.monaco-button', { hasText: 'Open Folder' }).isVisible(), 'the toast offers Open Folder');
    assert.equal(await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Locate files for issue' }).isVisible(), false, 'no issue prompt was opened');
    await workbench!.screenshot('no-folder');
    await page.keyboard.press('Escape');
  });

  it('offers the "Get started with CodeGrep" walkthrough with its three steps', async () => {
    const { page } = workbench!;
    await runFromPalette(page, 'Welcome: Open Walkthrough...');
    const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Get started with CodeGrep' });
    await row.waitFor();
    await row.click();
    const walkthrough = page.locator('.gettingStartedContainer');
    await walkthrough.locator('.getting-started-category .category-title', { hasText: 'Get started with CodeGrep' }).or(walkthrough.locator('h2', { hasText: 'Get started with CodeGrep' })).first().waitFor();
    for (const step of ['Locate your first issue', 'Pick a brain', 'Hand off to your agent']) {
      await walkthrough.locator('.step-title', { hasText: step }).first().waitFor();
    }
    // The first step's image ships in the VSIX and loads.
    const image = walkthrough.locator('.getting-started-media img').first();
    await image.waitFor();
    await page.waitForFunction((el) => (el as unknown as { complete: boolean; naturalWidth: number }).complete && (el as unknown as { naturalWidth: number }).naturalWidth > 0, await image.elementHandle(), { timeout: 15_000 });
    docsShots.set('media/screenshots/walkthrough.png', await workbench!.screenshot('walkthrough'));
    // The second step explains the brains in a Markdown page that ships in the VSIX.
    await walkthrough.locator('.step-title', { hasText: 'Pick a brain' }).first().click();
    const brains = await frameWith(page, 'h1', 'Which brain searches?');
    assert.ok(await brains.locator('td', { hasText: 'Embedded' }).count(), 'the brain table renders');
    await walkthrough.locator('.getting-started-step .button-link, .getting-started-step a', { hasText: 'Choose brain' }).first().waitFor();
    await workbench!.screenshot('walkthrough-brain');
  });

  it("the extension's page renders the README with images that load from the VSIX", async () => {
    const { page } = workbench!;
    await page.keyboard.press('Escape');
    // The Extensions view lists the installed extensions when its search box is empty.
    await page.locator('.activitybar .action-item a[aria-label^="Extensions"]').click();
    const item = page.locator('.extensions-viewlet .extension-list-item', { hasText: 'CodeGrep' }).first();
    await item.waitFor({ timeout: 30_000 });
    await item.click();
    await page.locator('.extension-editor .header .name', { hasText: 'CodeGrep' }).waitFor();
    // The details page is a webview (laid over the editor, not inside it): find its frame by its content.
    const readme = await frameWith(page, 'h1', 'find the files an issue is about');
    const images = readme.locator('img');
    const count = await images.count();
    assert.ok(count >= 2, `the README shows screenshots (${count} images)`);
    for (let i = 0; i < count; i++) {
      const img = images.nth(i);
      await img.scrollIntoViewIfNeeded();
      const loaded = await img.evaluate(
        (el) =>
          new Promise<boolean>((resolve) => {
            const image = el as unknown as { complete: boolean; naturalWidth: number; addEventListener(e: string, f: () => void): void };
            if (image.complete) return resolve(image.naturalWidth > 0);
            image.addEventListener('load', () => resolve(image.naturalWidth > 0));
            image.addEventListener('error', () => resolve(false));
          }),
      );
      assert.ok(loaded, `README image ${await img.getAttribute('src')} loads`);
    }
    await workbench!.screenshot('extension-page');
  });
});

describe('e2e first run: the fixture repository', () => {
  let workbench: Workbench | undefined;
  let fixture: FixtureWorkspace;
  let github: FakeGitHubServer;

  before(async function () {
    this.timeout(120_000);
    fixture = createFixtureWorkspace();
    writeFileSync(join(fixture.dir, 'TRIAGE.md'), `# Triage\n\nPlain notes about the week.\n\n${ISSUE_URL}\n\nMore plain notes.\n`);
    github = await startFakeGitHub([GITHUB_ISSUE]);
    workbench = await Workbench.open({
      browser,
      vsix,
      folder: fixture.dir,
      label: 'first-run',
      // The first run meets a brain that cannot work here (no VS Code model in code-server).
      settings: { 'codegrep.brain': 'vscode-lm' },
      env: { GITHUB_API_URL: github.apiBase, GITHUB_SERVER_URL: 'https://github.com' },
    });
  });

  after(async () => {
    await workbench?.close();
    await github?.close().catch(() => undefined);
    fixture?.dispose();
  });

  screenshotFailures(() => workbench);

  it('the empty panel has a button that starts a run', async () => {
    const { page } = workbench!;
    await waitForStatusBarItem(page, 'CodeGrep');
    await runFromPalette(page, 'CodeGrep: Show Results');
    const button = resultsFrame(page).locator('#empty-locate');
    await button.waitFor();
    await workbench!.screenshot('empty-panel');
    await button.click();
    const prompt = page.locator('.quick-input-widget .quick-input-title', { hasText: 'Locate files for issue' });
    await prompt.waitFor();
    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'hidden' });
    // The default keybinding opens the same prompt.
    await page.keyboard.press('Control+Alt+Shift+L');
    await prompt.waitFor();
    await page.keyboard.press('Escape');
  });

  it('without a VS Code model, the error offers "Use embedded brain" (not "Set model…"), which finds the file', async () => {
    const { page } = workbench!;
    await expectNewRun(page, 'error', () => typeIssue(page, issueTitle));
    const frame = resultsFrame(page);
    assert.equal(await frame.locator('#error').getAttribute('data-code'), 'no-model');
    assert.equal(await frame.locator('#fix-set-model').count(), 0);
    assert.ok(await frame.locator('#fix-choose-brain').isVisible());
    assert.equal(await frame.locator('#rerun').count(), 0, 'Retry only, no Re-run beside it');
    await workbench!.screenshot('no-model-error');
    await expectNewRun(page, 'done', () => frame.locator('#fix-use-embedded').click());
    assert.equal(await candidates(page).first().getAttribute('data-path'), issue.expectedPath);
  });

  it('"Choose brain…" sets the brain and runs again', async () => {
    const { page } = workbench!;
    await expectNewRun(page, 'error', () => typeIssue(page, issueTitle));
    await resultsFrame(page).locator('#fix-choose-brain').click();
    const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Embedded' }).first();
    await row.waitFor();
    await expectNewRun(page, 'done', () => row.click());
    assert.equal(await candidates(page).first().getAttribute('data-path'), issue.expectedPath);
  });

  it('a multi-line issue pasted into the prompt keeps its title and body', async () => {
    const { page } = workbench!;
    await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(issue.text)})`);
    await openLocatePrompt(page);
    const input = page.locator(QUICK_INPUT);
    await input.focus();
    await page.keyboard.press('Control+V');
    const pasted = await input.inputValue();
    assert.ok(pasted.includes('TokenBucket.consume(0) raises ValueError') && !pasted.includes('\n'), `the one-line input flattened the paste: ${pasted.slice(0, 80)}`);
    await page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Locate the pasted issue' }).waitFor();
    await expectNewRun(page, 'done', () => page.keyboard.press('Enter'));
    // Focus moved to the results (the panel's webview), so the keyboard lands on the files.
    await page.waitForFunction("document.activeElement?.tagName === 'IFRAME' && document.activeElement.classList.contains('webview')", undefined, { timeout: 10_000 });
    const frame = resultsFrame(page);
    assert.equal(await frame.locator('#issue-title').innerText(), issueTitle, 'the title is the first line only');
    assert.match(await frame.locator('#issue-excerpt').innerText(), /zero-cost request should simply succeed/);
    assert.equal(await candidates(page).first().getAttribute('data-path'), issue.expectedPath);
    // "How it searched" says in words what the embedded brain looked for, not its regex alternations.
    await frame.locator('details.turn[data-turn="1"] > summary').click();
    const calls = await frame.locator('details.turn[data-turn="1"] .call-text').allInnerTexts();
    assert.ok(calls.some((c) => /^grep for the definitions of \d+ names: TokenBucket, consume/.test(c)), calls.join('\n'));
    assert.ok(calls.every((c) => !c.includes('(?:')), `no regex syntax in the call lines:\n${calls.join('\n')}`);
    await clearToasts(page);
    docsShots.set('media/screenshots/first-run-multiline.png', await workbench!.screenshot('multiline-issue'));
    docsShots.set('media/walkthrough/locate.png', await workbench!.screenshot('walkthrough-locate'));
  });

  it('"Paste from clipboard" takes the clipboard with its line breaks', async () => {
    const { page } = workbench!;
    await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(fixtureIssues.typescript.text)})`);
    await openLocatePrompt(page);
    const paste = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Paste from clipboard' }).first();
    await expectNewRun(page, 'done', () => paste.click());
    assert.equal(await resultsFrame(page).locator('#issue-title').innerText(), 'Retry hint shows "0s" for sub-second waits');
    assert.equal(await candidates(page).first().getAttribute('data-path'), fixtureIssues.typescript.expectedPath);
  });

  it('marks the first listed range as the strongest evidence and shows no unlabelled score', async () => {
    const { page } = workbench!;
    // The run's progress notification has closed by now (it must not linger after the run).
    await page.locator('.notifications-toasts .notification-toast', { hasText: 'CodeGrep: “' }).first().waitFor({ state: 'hidden', timeout: 10_000 });
    const top = candidates(page).first();
    const ranges = top.locator('.range');
    assert.ok((await ranges.count()) >= 1);
    assert.match((await ranges.first().getAttribute('class')) ?? '', /\bbest\b/);
    assert.match((await ranges.first().getAttribute('title')) ?? '', /^Strongest evidence/);
    assert.equal(await resultsFrame(page).locator('.score').count(), 0);
  });

  it('a search in "How it searched" shows its hits in the Search view, each one click from the file', async () => {
    const { page } = workbench!;
    const frame = resultsFrame(page);
    const turn = frame.locator('details.turn[data-turn="1"]');
    if ((await turn.getAttribute('open')) === null) await turn.locator('> summary').click();
    const search = turn.locator('.call[data-tool="grep"] .call-open', { hasText: /grep for any of/ }).first();
    await search.click();
    const hit = page.locator('.search-view .results .filematch', { hasText: 'format.ts' }).first();
    await hit.waitFor({ timeout: 30_000 });
    await workbench!.screenshot('search-hits');
    await runFromPalette(page, 'View: Show Explorer');
  });

  it('Send to Copilot Chat without a chat UI copies to the clipboard and says so', async () => {
    const { page } = workbench!;
    await page.evaluate(`navigator.clipboard.writeText('')`);
    const frame = resultsFrame(page);
    await frame.locator('#send-to-chat').click();
    const notice = frame.locator('#action-status', { hasText: /No chat in this window: copied the prompt and \d+ files? to the clipboard/ });
    await notice.waitFor();
    assert.doesNotMatch(await notice.innerText(), /Sent/);
    const copied = await page.evaluate<string>('navigator.clipboard.readText()');
    assert.ok(copied.includes(fixtureIssues.typescript.expectedPath), `the clipboard holds the files:\n${copied}`);
    await page.locator('.notifications-toasts .notification-toast', { hasText: 'no chat is available in this window' }).waitFor();
    await clearToasts(page);
    docsShots.set('media/screenshots/first-run-handoff.png', await workbench!.screenshot('handoff-clipboard'));
  });

  it('the editor context menu is right on the first right-click on an issue URL', async () => {
    const { page } = workbench!;
    await runFromPalette(page, 'Go to File...');
    await page.locator(QUICK_INPUT).fill('TRIAGE.md');
    await page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'TRIAGE.md' }).first().click();
    const editor = page.locator('.editor-group-container', { has: page.locator('.tabs-container .tab.active', { hasText: 'TRIAGE.md' }) });
    const plain = editor.locator('.view-lines .view-line', { hasText: 'Plain notes about the week' });
    await plain.waitFor();
    await plain.click();
    // Cursor on plain text; now one right-click on the URL.
    await editor.locator('.view-lines .view-line', { hasText: 'issues/12' }).locator('span > span').first().click({ button: 'right' });
    const item = page.locator('.monaco-menu .action-item .action-label', { hasText: 'Locate files for this issue' });
    await item.waitFor();
    await workbench!.screenshot('context-menu');
    await expectNewRun(page, 'done', () => item.click());
    assert.equal(await resultsFrame(page).locator('#issue-title').innerText(), GITHUB_ISSUE.title, 'the issue under the right-click was located');
    assert.equal(await candidates(page).first().getAttribute('data-path'), issue.expectedPath);
    assert.ok(github.requests.some((r) => r.path === '/repos/shop/ratelimit/issues/12'), 'the issue under the click was fetched');
  });

  it('an issue that cannot be fetched stays in the panel with Retry and "Use the text as the issue"', async () => {
    const { page } = workbench!;
    await github.close();
    await expectNewRun(page, 'error', () => typeIssue(page, 'shop/ratelimit#12'));
    const frame = resultsFrame(page);
    assert.equal(await frame.locator('#issue-title').innerText(), 'shop/ratelimit#12', 'what was typed is kept');
    const message = await frame.locator('#error-message').innerText();
    assert.match(message, /^Could not reach GitHub/);
    assert.doesNotMatch(message, /GITHUB_|CLI:/, 'no environment variables or CLI flags in VS Code');
    assert.ok(await frame.locator('#fix-retry').isVisible());
    await workbench!.screenshot('offline-issue');
    await expectNewRun(page, 'done', () => frame.locator('#fix-use-text').click());
    assert.equal(await frame.locator('#issue-title').innerText(), 'shop/ratelimit#12');
  });
});
