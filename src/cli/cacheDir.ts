import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { userCwd } from './command';

/** `.cache/eval-repos` in the package folder (found from the bundle's location), else in the current folder. */
export function defaultCacheDir(): string {
  let dir = __dirname;
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, '.cache', 'eval-repos');
    dir = dirname(dir);
  }
  return resolve(userCwd(), '.cache', 'eval-repos');
}
