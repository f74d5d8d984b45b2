import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { defaultSettings, explicitLimits, normalizeSettings, restrictedSettingKeys, SETTINGS, SETTINGS_SECTION, type SettingDeclaration } from '../../../src/common/settings';

interface PackageJson {
  contributes: { configuration: { properties: Record<string, Record<string, unknown>> } };
  capabilities: { untrustedWorkspaces: { supported: string; restrictedConfigurations: string[] } };
}

const pkg = JSON.parse(readFileSync(path.join(__dirname, '../../../package.json'), 'utf8')) as PackageJson;
const properties = pkg.contributes.configuration.properties;

describe('settings declarations match package.json', () => {
  it('declares exactly the same keys', () => {
    assert.deepEqual(Object.keys(properties).sort(), SETTINGS.map((s) => `${SETTINGS_SECTION}.${s.key}`).sort());
  });

  for (const decl of SETTINGS as readonly SettingDeclaration[]) {
    it(`codegrep.${decl.key}: type, default, enum, range and description agree`, () => {
      const prop = properties[`${SETTINGS_SECTION}.${decl.key}`];
      assert.equal(prop.type, decl.type);
      assert.deepEqual(prop.default, decl.default);
      assert.deepEqual(prop.enum, decl.enum);
      assert.deepEqual(prop.markdownEnumDescriptions, decl.enumDescriptions);
      assert.equal(prop.minimum, decl.minimum);
      assert.equal(prop.maximum, decl.maximum);
      assert.equal(prop.markdownDescription, decl.description);
      assert.equal(prop.scope, decl.scope);
    });
  }

  it('restricts endpoint and model in untrusted workspaces', () => {
    const trust = pkg.capabilities.untrustedWorkspaces;
    assert.equal(trust.supported, 'limited');
    assert.deepEqual([...trust.restrictedConfigurations].sort(), restrictedSettingKeys().sort());
    assert.ok(trust.restrictedConfigurations.includes('codegrep.endpoint'));
    assert.ok(trust.restrictedConfigurations.includes('codegrep.model'));
  });

  it('never declares an API key setting (keys live in SecretStorage)', () => {
    assert.ok(!Object.keys(properties).some((k) => /key|token|secret|password/i.test(k)));
  });
});

describe('normalizeSettings', () => {
  it('uses the declared defaults', () => {
    assert.deepEqual(defaultSettings(), {
      brain: 'auto',
      endpoint: '',
      model: '',
      profile: 'auto',
      warmStart: true,
      maxTurns: 3,
      maxParallelCalls: 8,
      requestTimeoutSeconds: 120,
      exclude: {},
      searchIgnoredFiles: false,
    });
  });

  it('takes codegrep.exclude only as a glob map, and searchIgnoredFiles only as a boolean', () => {
    assert.deepEqual(normalizeSettings((key) => (key === 'exclude' ? { '**/gen': true } : undefined)).exclude, { '**/gen': true });
    for (const bad of [['**/gen'], 'x', null, 3]) assert.deepEqual(normalizeSettings((key) => (key === 'exclude' ? bad : undefined)).exclude, {});
    assert.equal(normalizeSettings((key) => (key === 'searchIgnoredFiles' ? 'yes' : undefined)).searchIgnoredFiles, false);
  });

  it('falls back on wrong types and unknown enum values, clamps and rounds numbers, trims strings', () => {
    const raw: Record<string, unknown> = {
      brain: 'gpt-9000',
      endpoint: '  http://127.0.0.1:8000/v1 ',
      model: 42,
      maxTurns: 99,
      maxParallelCalls: 2.6,
      requestTimeoutSeconds: 'soon',
    };
    const s = normalizeSettings((key) => raw[key]);
    assert.equal(s.brain, 'auto');
    assert.equal(s.endpoint, 'http://127.0.0.1:8000/v1');
    assert.equal(s.model, '');
    assert.equal(s.maxTurns, 20);
    assert.equal(s.maxParallelCalls, 3);
    assert.equal(s.requestTimeoutSeconds, 120);
  });

  it('leaves a budget at its default out of the explicit limits, so a protocol\'s own budget applies', () => {
    assert.deepEqual(explicitLimits(defaultSettings()), {});
    assert.deepEqual(explicitLimits({ maxTurns: 5, maxParallelCalls: 8 }), { maxTurns: 5 });
    assert.deepEqual(explicitLimits({ maxTurns: 3, maxParallelCalls: 4 }), { maxParallelCalls: 4 });
  });
});
