/**
 * The heavy half of a run (brains, tools, the Locator), imported only when a run starts so that
 * activation stays small: services.ts reaches this module through `await import('./engine.js')`.
 */
import type { Logger } from '../../common/logger';
import type { CodeGrepSettings } from '../../common/settings';
import type { Brain } from '../../core/brain';
import { createEmbeddedBrain as embedded } from '../../core/embedded/index';
import { createOpenAIBrain as openai } from '../../core/openai/index';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type { ToolRunner } from '../../common/tools';
import { NodeToolRunner } from '../../tools/runner';
import { mergeExcludeMaps } from '../../tools/excludes';
import { RemoteToolRunner, ToolHost } from '../../toolHost/client';
import type { VisibilitySettings } from '../settings/settings';
import { ListingWatcher } from './listingWatcher';

export { Locator } from '../../core/locator';

/** The deterministic no-model brain. */
export function createEmbeddedBrain(): Brain {
  return embedded();
}

/**
 * The OpenAI-compatible brain for `codegrep.endpoint`; every HTTP request/response goes to the log at
 * trace and every tool call at debug, with the key redacted (see core/openai/tracingFetch.ts).
 */
export function createOpenAIBrain(settings: CodeGrepSettings, apiKey: string | undefined, logger: Logger): Brain {
  return openai({ baseURL: settings.endpoint, model: settings.model, apiKey, timeoutMs: settings.requestTimeoutSeconds * 1000, profile: settings.profile, logger });
}

let toolHost: ToolHost | undefined;

/**
 * The read-only grep/glob/read tools over the given folders, seeing what the exclude and ignore settings
 * allow, run in the tool helper process so that no rg is spawned on the extension host's main thread.
 * `snapshotDir` keeps copies of big listings, so the first run after the helper starts does not list a monorepo again.
 * `CODEGREP_TOOLS_IN_PROCESS=1` runs them here instead (the before/after lag measurement, and an escape hatch).
 */
export function createToolRunner(roots: readonly string[], settings?: VisibilitySettings, snapshotDir?: string): ToolRunner {
  const visibility = settings && {
    exclude: settings.folders.flatMap((folder) => mergeExcludeMaps(folder.maps, folder.root)),
    includeIgnored: settings.includeIgnored,
  };
  // No listing copies here: reading one blocks its thread for about 0.1 s at 100k files, fine in the helper, not on the host's.
  if (process.env.CODEGREP_TOOLS_IN_PROCESS === '1') return new NodeToolRunner({ roots: [...roots], visibility }).warmUp();
  const host = (toolHost ??= new ToolHost({ script: toolHostScript() }));
  watchListing(host, roots);
  return new RemoteToolRunner(host, { roots: [...roots], visibility, watched: true, snapshotDir }).warmUp();
}

/** Folder sets whose listing the helper keeps between runs, each under a watcher; the oldest goes first. */
const MAX_WATCHED = 4;
const watched = new Map<string, ListingWatcher>();

function watchListing(host: ToolHost, roots: readonly string[]): void {
  const key = JSON.stringify(roots);
  const seen = watched.get(key);
  watched.delete(key);
  watched.set(key, seen ?? new ListingWatcher(roots, () => host.filesChanged([...roots])));
  while (watched.size > MAX_WATCHED) {
    const [oldest, watcher] = watched.entries().next().value as [string, ListingWatcher];
    watcher.dispose();
    watched.delete(oldest);
    // Its folders are no longer watched, so a listing the helper kept for them must not outlive this.
    host.filesChanged(JSON.parse(oldest) as string[]);
  }
}

/**
 * dist/toolHost.js: next to this bundle when it is dist/extension.js; else (this module bundled into an
 * in-host test suite) in the dist/ of the package folder above it.
 */
function toolHostScript(): string {
  const beside = path.join(__dirname, 'toolHost.js');
  for (let dir = __dirname; !existsSync(beside); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return path.join(dir, 'dist', 'toolHost.js');
    if (path.dirname(dir) === dir) break;
  }
  return beside;
}

/** The tool helper, once a run has started it (for deactivation and the in-host lag measurement). */
export function activeToolHost(): ToolHost | undefined {
  return toolHost;
}

/** Stops the tool helper (extension deactivation). */
export function disposeToolHost(): void {
  for (const watcher of watched.values()) watcher.dispose();
  watched.clear();
  toolHost?.dispose();
  toolHost = undefined;
}
