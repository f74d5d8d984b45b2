/**
 * One real workbench for a UI suite: the packaged VSIX installed into a fresh code-server profile, the
 * server started once, a page in the suite's browser opened on the fixture folder. `close()` stops
 * everything (the process-group hooks also do on any exit).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { installExtension, startCodeServer, type CodeServer } from '../../../scripts/code-server/codeServer';
import { testResultsDir } from '../../../scripts/code-server/paths';
import { workbenchUrl } from '../../../scripts/code-server/payload';
import { createProfile, quietSettings, type CodeServerProfile } from '../../../scripts/code-server/profile';

/** Options for `Workbench.open`. */
export interface WorkbenchOptions {
  browser: Browser;
  vsix: string;
  /** Folder to open (the fixture repository); none opens an empty window, as on a first start. */
  folder?: string;
  /** Artifact folder name under test-results/e2e/. */
  label: string;
  /** User settings on top of the quiet defaults. */
  settings?: Record<string, unknown>;
  /** Extra environment for code-server, which reaches the extension host (e.g. GITHUB_API_URL of a loopback fake). */
  env?: NodeJS.ProcessEnv;
}

/** A started workbench page with the extension installed from its VSIX. */
export class Workbench {
  private constructor(
    readonly page: Page,
    readonly artifacts: string,
    private readonly context: BrowserContext,
    private readonly server: CodeServer,
    private readonly profile: CodeServerProfile,
  ) {}

  /** Installs the VSIX, starts code-server and loads the workbench (about 10 s). */
  static async open(options: WorkbenchOptions): Promise<Workbench> {
    const artifacts = join(testResultsDir, 'e2e', options.label);
    rmSync(artifacts, { recursive: true, force: true });
    mkdirSync(artifacts, { recursive: true });
    const settings = { ...quietSettings(false), ...options.settings };
    const profile = createProfile({ settings });
    try {
      await installExtension(profile, options.vsix);
      const server = await startCodeServer({ profile, logFile: join(artifacts, 'code-server.log'), env: options.env });
      const context = await options.browser.newContext({
        viewport: { width: 1440, height: 900 },
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto(workbenchUrl(server.origin, server.authority, options.folder));
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      return new Workbench(page, artifacts, context, server, profile);
    } catch (error) {
      profile.dispose();
      throw error;
    }
  }

  /** Saves a full-page screenshot as test-results/e2e/<label>/<name>.png and returns its path. */
  async screenshot(name: string): Promise<string> {
    const path = join(this.artifacts, `${name}.png`);
    await this.page.screenshot({ path });
    return path;
  }

  /** Closes the page and stops code-server's process group. */
  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
    await this.server.stop();
    this.profile.dispose();
  }
}
