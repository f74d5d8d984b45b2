import * as vscode from 'vscode';
import { normalizeSettings, SETTINGS, SETTINGS_SECTION, type CodeGrepSettings, type SettingDeclaration, type SettingKey } from '../common/settings';

const restricted = new Set<string>(SETTINGS.filter((s: SettingDeclaration) => s.restricted).map((s) => s.key));

/**
 * Reads the CodeGrep settings. In an untrusted workspace the restricted ones (endpoint, model,
 * brain) come only from user settings or the default: VS Code already ignores workspace values
 * for `restrictedConfigurations`, and we check again so a cloned repo's `.vscode/settings.json`
 * can never point the extension at its own server.
 */
export function readSettings(scope?: vscode.ConfigurationScope, trusted = vscode.workspace.isTrusted): CodeGrepSettings {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION, scope);
  return normalizeSettings((key: SettingKey) => {
    if (trusted || !restricted.has(key)) return config.get(key);
    const inspected = config.inspect(key);
    return inspected?.globalValue ?? inspected?.defaultValue;
  });
}

/** Opens the Settings editor filtered to one CodeGrep setting (the "Set endpoint…" fix). */
export async function openSetting(key: SettingKey): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.openSettings', `${SETTINGS_SECTION}.${key}`);
}

/** The raw settings that decide what the tools see; engine.ts merges them (so activation loads no glob code). */
export interface VisibilitySettings {
  /** Per folder: its files.exclude, search.exclude and codegrep.exclude maps, in merge order. */
  folders: { root: string; maps: unknown[] }[];
  /** codegrep.searchIgnoredFiles of the first folder. */
  includeIgnored: boolean;
}

/** Reads each folder's exclude maps (folder-scoped, as VS Code search reads them) and the ignored-files opt-in. */
export function readVisibility(folders: readonly vscode.Uri[]): VisibilitySettings {
  return {
    folders: folders.map((folder) => ({
      root: folder.fsPath,
      maps: [vscode.workspace.getConfiguration('files', folder).get('exclude'), vscode.workspace.getConfiguration('search', folder).get('exclude'), readSettings(folder).exclude],
    })),
    includeIgnored: folders.length > 0 && readSettings(folders[0]).searchIgnoredFiles,
  };
}
