/**
 * A fresh, throw-away code-server profile: config file, user data and extensions folders, and a quiet
 * user settings.json, so a test never reads or writes ~/.config and never sees welcome pages or tips.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onProcessExit } from './processGroup';

/** The folders of one code-server instance. */
export interface CodeServerProfile {
  /** Temp folder holding everything below unless a folder was given; removed by `dispose`. */
  root: string;
  config: string;
  userDataDir: string;
  extensionsDir: string;
  /** The user settings.json; rewrite it (see `writeUserSettings`) to change settings of a running workbench. */
  settingsFile: string;
  dispose(): void;
}

/** Options for `createProfile`. */
export interface ProfileOptions {
  /** Use these folders (test-electron's --user-data-dir / --extensions-dir) instead of temp ones. */
  userDataDir?: string;
  extensionsDir?: string;
  /** Extra user settings, merged over the quiet defaults. */
  settings?: Record<string, unknown>;
  /** Keep workspace trust on (for Restricted Mode tests). */
  workspaceTrust?: boolean;
}

/** Settings that keep the workbench quiet and deterministic under test. */
export function quietSettings(workspaceTrust: boolean): Record<string, unknown> {
  return {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'security.workspace.trust.enabled': workspaceTrust,
    // With trust on, open untrusted without the modal prompt (Restricted Mode tests).
    'security.workspace.trust.startupPrompt': 'never',
    'telemetry.telemetryLevel': 'off',
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'extensions.ignoreRecommendations': true,
    'update.mode': 'none',
    'git.openRepositoryInParentFolders': 'never',
  };
}

/** Creates the profile folders and writes config.yaml and settings.json. */
export function createProfile(options: ProfileOptions = {}): CodeServerProfile {
  // Short path: code-server puts a unix socket in the user data dir (108-byte limit).
  const root = mkdtempSync(join(tmpdir(), 'cg-cs-'));
  const userDataDir = options.userDataDir ?? join(root, 'user');
  const extensionsDir = options.extensionsDir ?? join(root, 'ext');
  const config = join(root, 'config.yaml');
  const settingsFile = join(userDataDir, 'User', 'settings.json');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  writeFileSync(config, 'bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n');
  const remove = () => rmSync(root, { recursive: true, force: true });
  // Also removed when the process is killed by a signal before dispose() runs.
  const unregister = onProcessExit(remove);
  const profile: CodeServerProfile = {
    root,
    config,
    userDataDir,
    extensionsDir,
    settingsFile,
    dispose: () => {
      unregister();
      remove();
    },
  };
  writeUserSettings(profile, { ...quietSettings(options.workspaceTrust ?? false), ...options.settings });
  return profile;
}

/** Replaces the user settings (a running workbench picks the change up through its file watcher). */
export function writeUserSettings(profile: CodeServerProfile, settings: Record<string, unknown>): void {
  writeFileSync(profile.settingsFile, JSON.stringify(settings, null, 2) + '\n');
}
