import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '../../..');

describe('README for users', () => {
  it('links its screenshots as files under media/ that exist (the packed copy inlines them; the repository keeps links)', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]);
    assert.ok(images.length >= 2, 'the README shows screenshots');
    for (const image of images) {
      assert.match(image, /^media\/[\w./-]+\.png$/, `${image.slice(0, 60)} is a relative media/ PNG, not inlined data`);
      assert.ok(existsSync(path.join(root, image)), `${image} exists`);
    }
  });
});
