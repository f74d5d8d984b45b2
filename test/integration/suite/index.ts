/**
 * The in-host mocha entry (extensionTestsPath): VS Code's extension host calls `run()` and turns its
 * rejection into exit code 1. Every `*.test.js` bundled next to this file is added, so a new suite is
 * just a new `test/integration/suite/**\/*.test.ts` file.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';

/** Runs all bundled suites (optionally filtered by CODEGREP_TEST_GREP) and rejects when any test fails. */
export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 60_000 });
  const grep = process.env.CODEGREP_TEST_GREP;
  if (grep) mocha.grep(grep);
  const files = readdirSync(__dirname, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.js'))
    .sort();
  for (const file of files) mocha.addFile(join(__dirname, file));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => {
      if (failures > 0) reject(new Error(`${failures} in-host test(s) failed`));
      else resolve();
    });
  });
}
