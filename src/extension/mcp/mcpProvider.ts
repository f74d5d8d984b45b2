import * as vscode from 'vscode';
import type { Contribution } from '../platform/contributions';

/** The provider id declared in package.json (`mcpServerDefinitionProviders`). */
export const MCP_PROVIDER_ID = 'codegrep.mcp';

/** The slice of the VS Code ≥ 1.101 MCP API we use; @types/vscode 1.100 does not declare it. */
interface McpApi {
  registerMcpServerDefinitionProvider(id: string, provider: McpProvider): vscode.Disposable;
}

interface McpProvider {
  onDidChangeMcpServerDefinitions?: vscode.Event<void>;
  provideMcpServerDefinitions(token: vscode.CancellationToken): unknown[];
}

type StdioDefinitionClass = new (label: string, command: string, args?: string[], env?: Record<string, string | number | null>, version?: string) => { cwd?: vscode.Uri };

/** What the stdio server definition says: run our bundled CLI's `mcp` command on the editor's own Node. */
export interface McpLaunch {
  label: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: vscode.Uri;
}

/**
 * On VS Code ≥ 1.101, publishes `codegrep mcp` as an MCP server, so agents that take their tools
 * from MCP (in VS Code or beside it) reach `locate_files` without any setup. Feature-detected:
 * on 1.100 the API is absent and this contribution does nothing.
 */
export const mcpProviderContribution: Contribution = {
  id: 'mcpProvider',
  create: (services) => {
    const api = mcpApi();
    const Definition = (vscode as unknown as { McpStdioServerDefinition?: StdioDefinitionClass }).McpStdioServerDefinition;
    if (!api || !Definition) {
      // Expected on VS Code before 1.101: a debug line, not an info line on every start.
      services.logger.debug(`VS Code ${vscode.version} has no MCP server provider API; use \`codegrep mcp\` from MCP clients instead.`);
      return;
    }
    const changed = new vscode.EventEmitter<void>();
    const version = String((services.context.extension.packageJSON as { version?: unknown }).version ?? '0');
    const provider: McpProvider = {
      onDidChangeMcpServerDefinitions: changed.event,
      provideMcpServerDefinitions: () => {
        const launch = mcpLaunch(services.context.extensionUri, vscode.workspace.workspaceFolders?.[0]?.uri);
        const definition = new Definition(launch.label, launch.command, launch.args, launch.env, version);
        if (launch.cwd) definition.cwd = launch.cwd;
        return [definition];
      },
    };
    let registration: vscode.Disposable;
    try {
      registration = api.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, provider);
    } catch (error) {
      // A host that still gates the API behind a proposal refuses it: the CLI route still works.
      changed.dispose();
      services.logger.info(`MCP server provider not registered: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    return [changed, vscode.workspace.onDidChangeWorkspaceFolders(() => changed.fire()), registration];
  },
};

/** The MCP API when this VS Code has it as stable API (1.101); 1.100 ships it as a proposal extensions may not use. */
export function mcpApi(version = vscode.version): McpApi | undefined {
  const [major, minor] = version.split('.').map((n) => Number.parseInt(n, 10));
  if (major < 1 || (major === 1 && minor < 101)) return undefined;
  const lm = vscode.lm as unknown as Partial<McpApi> | undefined;
  return typeof lm?.registerMcpServerDefinitionProvider === 'function' ? (lm as McpApi) : undefined;
}

/** The launch of `dist/cli.js mcp` with the editor's Node (ELECTRON_RUN_AS_NODE), on the first workspace folder. */
export function mcpLaunch(extensionUri: vscode.Uri, folder: vscode.Uri | undefined): McpLaunch {
  const cli = vscode.Uri.joinPath(extensionUri, 'dist', 'cli.js').fsPath;
  const args = [cli, 'mcp'];
  if (folder?.scheme === 'file') args.push('--repo', folder.fsPath);
  const launch: McpLaunch = { label: 'CodeGrep', command: process.execPath, args, env: { ELECTRON_RUN_AS_NODE: '1' } };
  if (folder?.scheme === 'file') launch.cwd = folder;
  return launch;
}
