/**
 * UI end-to-end: the packaged VSIX in a real VS Code 1.100 workbench (code-server + chromium), driven
 * like a user on the fixture git repository. Runs twice: with the embedded brain, and with the
 * OpenAI-compatible brain against a scripted loopback model server.
 */
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../scripts/code-server/browser';
import { repoRoot } from '../../scripts/code-server/paths';
import { FakeModelServer, type ScriptedReply } from '../helpers/fakeModelServer';
import { createFixtureWorkspace, type FixtureWorkspace } from '../integration/fixture/createFixture';
import { answerInputBox, runFromPalette, waitForStatusBarItem } from './harness/palette';
import { candidates, resultsFrame, waitForRunStatus } from './harness/resultsPanel';
import { useTheme } from './harness/theme';
import { packagedVsix } from './harness/vsix';
import { Workbench } from './harness/workbench';

/** What one scenario types and expects. */
interface Scenario {
  label: string;
  settings: () => Record<string, unknown>;
  /** Typed into the input box (one line: it is an <input>). */
  issue: string;
  expectedPath: string;
  /** A line the opened range must show. */
  expectedLine: number;
  reason: RegExp;
  /** Copy the final panel screenshots to docs/images/ (CODEGREP_E2E_UPDATE_DOCS=1). */
  docsImages?: boolean;
  /** A file the brain reads during the run: "How it searched" must open it on click. */
  readPath?: string;
  /** A runner-up the brain lists apart from its answer: folded away, and handed off only once ticked. */
  runnerUp?: string;
  /** The confidence line's level under the answer; absent for a brain that gives none (a model). */
  confidence?: 'high' | 'medium' | 'low';
}

let browser: Browser;
let fixture: FixtureWorkspace;
let vsix: string;

before(async function () {
  this.timeout(300_000);
  [browser, vsix] = await Promise.all([launchChromium(), packagedVsix()]);
  fixture = createFixtureWorkspace();
});

after(async () => {
  await browser?.close();
  fixture?.dispose();
});

function locateScenario(scenario: Scenario, afterLocate?: () => void): void {
  let workbench: Workbench;

  before(async function () {
    this.timeout(120_000);
    workbench = await Workbench.open({ browser, vsix, folder: fixture.dir, label: scenario.label, settings: scenario.settings() });
  });

  after(async () => {
    await workbench?.close();
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && workbench) {
      await workbench.screenshot(`failed-${this.currentTest.title.replace(/\W+/g, '-')}`).catch(() => undefined);
    }
  });

  it('activates from the installed VSIX (status bar item)', async () => {
    await waitForStatusBarItem(workbench.page, 'CodeGrep');
  });

  it('locates from the command palette and shows the file with its reason', async () => {
    const { page } = workbench;
    await runFromPalette(page, 'Locate files for issue');
    await answerInputBox(page, scenario.issue);
    await waitForRunStatus(page, 'done');
    const top = candidates(page).first();
    assert.equal(await top.getAttribute('data-path'), scenario.expectedPath);
    assert.match(await top.locator('.reason').innerText(), scenario.reason);
    const confidence = resultsFrame(page).locator('#confidence');
    if (scenario.confidence) {
      assert.equal(await confidence.getAttribute('data-level'), scenario.confidence);
      assert.match(await confidence.innerText(), new RegExp(`^${scenario.confidence} confidence \\(\\d\\.\\d\\d\\)`, 'i'));
    } else {
      assert.equal(await confidence.count(), 0, 'no confidence line for a brain that gives none');
    }
    afterLocate?.();
  });

  it('opens the file at the located range when clicked', async () => {
    const { page } = workbench;
    const top = candidates(page).first();
    const range = (await top.locator('.range').first().getAttribute('data-range')) ?? '';
    const [start, end] = range.split('-').map(Number);
    assert.ok(start <= scenario.expectedLine && scenario.expectedLine <= end, `range ${range} covers line ${scenario.expectedLine}`);
    await top.locator('[data-testid="open-candidate"]').click();
    // The editor group that now shows the file (focus may stay in the panel, so not "the active group").
    const fileName = scenario.expectedPath.split('/').pop() ?? '';
    const group = page.locator('.editor-group-container', { has: page.locator('.tabs-container .tab.active', { hasText: fileName }) });
    await group.waitFor();
    assert.equal(await group.locator('.tabs-container .tab.active .label-name').innerText(), fileName);
    // The range is selected and scrolled into view: its first line and the fix line are on screen.
    await group.locator('.view-overlays .selected-text').first().waitFor();
    for (const line of [start, scenario.expectedLine]) {
      await group.locator('.margin-view-overlays .line-numbers', { hasText: new RegExp(`^\\s*${line}\\s*$`) }).first().waitFor();
    }
  });

  it('copies the selected files as context to the clipboard', async () => {
    const { page } = workbench;
    const frame = resultsFrame(page);
    await frame.locator('#copy-context').click();
    await frame.locator('#action-status', { hasText: /Copied/ }).waitFor();
    // A string, so it runs in the page (this project's tsconfig has no DOM types).
    const copied = await page.evaluate<string>('navigator.clipboard.readText()');
    assert.ok(copied.includes(scenario.expectedPath), `clipboard holds ${scenario.expectedPath}:\n${copied}`);
  });

  if (scenario.runnerUp) {
    const runnerUp = scenario.runnerUp;
    it('folds runners-up away below the answer, and hands one off only once ticked', async () => {
      const { page } = workbench;
      const frame = resultsFrame(page);
      const row = frame.locator(`[data-testid="runner-up"][data-path="${runnerUp}"]`);
      assert.match(await frame.locator('#also-considered > summary').innerText(), /Also considered, less likely/);
      assert.equal(await row.isVisible(), false, 'folded until the user opens it');
      const before = await page.evaluate<string>('navigator.clipboard.readText()');
      assert.ok(!before.includes(runnerUp), 'not in the hand-off while unticked');
      await frame.locator('#also-considered > summary').click();
      await row.waitFor();
      await row.locator('.pick').click();
      await frame.locator('#copy-context').click();
      await frame.locator('#action-status', { hasText: /Copied 2/ }).waitFor();
      const copied = await page.evaluate<string>('navigator.clipboard.readText()');
      assert.ok(copied.includes(runnerUp) && copied.includes(scenario.expectedPath), `clipboard holds both:\n${copied}`);
    });

    it("starts each run's runners-up folded or open by its own confidence, whatever was done to another run's", async () => {
      const { page } = workbench;
      const frame = resultsFrame(page);
      const section = frame.locator('#also-considered');
      // The test above unfolded this (high-confidence) run's section by hand.
      const first = await frame.locator('#status').getAttribute('data-run-id');
      assert.notEqual(await section.getAttribute('open'), null);
      await runFromPalette(page, 'Locate files for issue');
      await answerInputBox(page, 'TokenBucket should allow a custom clock');
      await frame.locator(`#status:not([data-run-id="${first}"]):not([data-status="running"])`).waitFor({ timeout: 60_000 });
      assert.equal(await frame.locator('#confidence').getAttribute('data-level'), 'high');
      assert.equal(await section.getAttribute('open'), null, 'a new high-confidence run starts folded');
      await section.locator('summary').click();
      assert.notEqual(await section.getAttribute('open'), null);
      // Back to the first run from the history: its section is its own again, not the one just unfolded.
      await frame.locator('#history > summary').click();
      await frame.locator(`.history-item[data-run-id="${first}"]`).click();
      await frame.locator(`#status[data-run-id="${first}"]`).waitFor();
      assert.equal(await section.getAttribute('open'), null, 'folded, as a high-confidence run starts');
    });
  }

  it('raised no CodeGrep error notification on the way', async () => {
    const { page } = workbench;
    const center = page.locator('.notifications-center');
    // On a loaded machine the centre once stayed hidden after the command ran (CI, 2026-12-06): ask again.
    for (let attempt = 1; ; attempt++) {
      await runFromPalette(page, 'Notifications: Show Notifications');
      try {
        await center.waitFor({ state: 'visible', timeout: 10_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    const errors = center.locator('.notification-list-item', { has: page.locator('.codicon-error') }).filter({ hasText: 'CodeGrep' });
    const texts = await errors.allInnerTexts();
    await page.keyboard.press('Escape');
    assert.deepEqual(texts, []);
  });

  if (scenario.readPath) {
    const readPath = scenario.readPath;
    it('opens a file the search read, from "How it searched"', async () => {
      const { page } = workbench;
      // Close the editors (and the panel) so the file's tab can only come from this click.
      await runFromPalette(page, 'View: Close All Editors');
      await runFromPalette(page, 'CodeGrep: Show Results');
      const frame = resultsFrame(page);
      await frame.locator('details.turn[data-turn="1"] > summary').click();
      const read = frame.locator('.call[data-tool="read"] .call-open').first();
      assert.match(await read.innerText(), new RegExp(`read ${readPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      await read.click();
      const fileName = readPath.split('/').pop() ?? '';
      await page.locator('.tabs-container .tab', { hasText: fileName }).first().waitFor();
    });
  }

  it('renders the panel in dark and light themes (screenshots)', async () => {
    const shots: string[] = [];
    for (const kind of ['dark', 'light'] as const) {
      await useTheme(workbench.page, kind);
      const top = candidates(workbench.page).first();
      assert.ok(await top.isVisible(), `the top candidate is visible in the ${kind} theme`);
      shots.push(await workbench.screenshot(`panel-${kind}`));
    }
    if (scenario.docsImages && process.env.CODEGREP_E2E_UPDATE_DOCS === '1') {
      // Refreshes the README's screenshots; run by hand, never by CI (it writes tracked files).
      const docs = join(repoRoot, 'docs', 'images');
      mkdirSync(docs, { recursive: true });
      for (const [i, kind] of (['dark', 'light'] as const).entries()) copyFileSync(shots[i], join(docs, `e2e-workbench-${kind}.png`));
    }
  });
}

describe('e2e: locate with the embedded brain', () => {
  locateScenario({
    label: 'embedded',
    settings: () => ({ 'codegrep.brain': 'embedded' }),
    issue: 'TokenBucket.consume(0) raises ValueError: tokens must be positive, but a zero-cost request should succeed',
    expectedPath: 'ratelimit/bucket.py',
    expectedLine: 24,
    // Since the learned ranker (0c3c02e) the reason leads with the evidence it weighed most: the title word "bucket".
    reason: /tokens must be positive|consume|TokenBucket|"bucket"/,
    runnerUp: 'ratelimit/__init__.py',
    confidence: 'high',
    docsImages: true,
  });
});

describe('e2e: locate with an OpenAI-compatible server (scripted, loopback)', () => {
  const reason = 'formatRetryAfter rounds sub-second waits down to "0s"';
  const replies: ScriptedReply[] = [
    {
      message: {
        content: null,
        tool_calls: [
          { id: 'call1', type: 'function', function: { name: 'grep', arguments: JSON.stringify({ pattern: 'formatRetryAfter' }) } },
          { id: 'call2', type: 'function', function: { name: 'glob', arguments: JSON.stringify({ pattern: 'web/**/*.ts' }) } },
          { id: 'call2b', type: 'function', function: { name: 'read', arguments: JSON.stringify({ path: 'web/src/format.ts', start_line: 1, end_line: 9 }) } },
        ],
      },
    },
    {
      message: {
        content: null,
        tool_calls: [
          {
            id: 'call3',
            type: 'function',
            function: { name: 'answer', arguments: JSON.stringify({ files: [{ path: 'web/src/format.ts', lines: '2-9', reason }] }) },
          },
        ],
      },
    },
  ];
  let model: FakeModelServer;

  before(async () => {
    model = await FakeModelServer.start(replies);
  });

  after(async () => {
    await model?.close();
  });

  locateScenario(
    {
      label: 'openai',
      settings: () => ({ 'codegrep.brain': 'openai', 'codegrep.endpoint': model.baseURL, 'codegrep.model': 'codegrep-e2e' }),
      issue: 'Retry hint shows "0s" for sub-second waits, so clients retry immediately',
      expectedPath: 'web/src/format.ts',
      expectedLine: 3,
      reason: new RegExp(reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      readPath: 'web/src/format.ts',
    },
    () => {
      const chats = model.chatRequests;
      assert.equal(chats.length, 2, 'one exploration turn, then the answer');
      assert.equal(chats[0].body?.model, 'codegrep-e2e');
      const secondMessages = JSON.stringify(chats[1].body?.messages ?? []);
      assert.match(secondMessages, /"role":"tool"/, 'the grep/glob results went back to the model');
      assert.match(secondMessages, /web\/src\/format\.ts/, 'the tool results came from the real workspace');
    },
  );
});
