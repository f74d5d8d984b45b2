import * as assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { ToolCall } from '../../../src/common/tools';
import { createToolRunner } from '../../../src/extension/platform/engine';
import { readVisibility } from '../../../src/extension/settings/settings';
import { activateCodeGrep, fixtureFolder } from './extensionApi';
import { waitFor } from './poll';

describe('the file listing kept between runs, under VS Code\'s file watcher', () => {
  const folder = () => fixtureFolder().fsPath;
  const probe = () => path.join(folder(), 'cg_watch_probe.py');
  before(activateCodeGrep);
  after(() => rmSync(probe(), { force: true }));

  it('is reused by later runs, and dropped as soon as a file is created or deleted', async () => {
    const glob = async () => {
      // A new runner each time, as each locate makes one: only the helper's listing is shared.
      const runner = createToolRunner([folder()], readVisibility([fixtureFolder()]));
      const result = await runner.run({ id: 'g', name: 'glob', args: { pattern: 'cg_watch_*.py' } } as ToolCall, new AbortController().signal);
      return result.paths ?? [];
    };
    assert.deepEqual(await glob(), []);
    writeFileSync(probe(), 'cg_watch = 1\n');
    // The listing is kept for two minutes; only the watcher's note can make the new file show this soon.
    await waitFor(async () => (await glob()).includes('cg_watch_probe.py'), 'the created file in the listing', 10_000);
    rmSync(probe());
    await waitFor(async () => (await glob()).length === 0, 'the deleted file gone from the listing', 10_000);
  });
});
