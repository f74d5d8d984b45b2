// A stand-in `vscode` module for timing activate() in plain Node. Every API is a permissive proxy:
// any property is callable and constructible and returns another proxy, so activation code runs its
// real registration path without a VS Code process. Only bench scripts use it, and only in their own
// child processes (installed through Module._resolveFilename), so it never reaches the product.
import Module from 'node:module';

const FAKE_ID = '\0codegrep-bench-fake-vscode';

type Anything = ((...args: unknown[]) => unknown) & Record<PropertyKey, unknown>;

/** A proxy that accepts any use: property reads, calls, `new`, string conversion, iteration (empty), await (undefined). */
function permissive(name: string, overrides: Record<string, unknown> = {}): Anything {
  const target = function fake() {
    return undefined;
  } as unknown as Anything;
  const cache = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(_t, key) {
      if (key in overrides) return overrides[key as string];
      if (cache.has(key)) return cache.get(key);
      if (key === Symbol.toPrimitive) return () => name;
      if (key === Symbol.iterator) return function* empty() {};
      // Thenable API results (show*Message, ...) resolve to undefined: the user dismissed it.
      if (key === 'then') return (onFulfilled?: (value: undefined) => unknown) => Promise.resolve(undefined).then(onFulfilled);
      if (key === 'toString' || key === 'toJSON') return () => name;
      const made = permissive(`${name}.${String(key)}`);
      cache.set(key, made);
      return made;
    },
    set(_t, key, value) {
      cache.set(key, value);
      return true;
    },
    apply: () => permissive(`${name}()`),
    construct: () => permissive(`new ${name}`),
    has: () => true,
  });
}

/** Lines the extension wrote to output channels (activation logs its own duration there). */
export const loggedLines: string[] = [];

function outputChannel(): Anything {
  const write = (...args: unknown[]) => {
    loggedLines.push(args.map(String).join(' '));
  };
  return permissive('OutputChannel', { info: write, warn: write, error: write, debug: write, trace: write, appendLine: write, append: write });
}

/**
 * The fake API object. It is a plain object with one proxy per top-level name, because bundlers copy a
 * CommonJS module's own property names (esbuild's __toESM) and would miss names a proxy only answers on
 * demand. `version` is a real 1.100 string so version checks take their normal path.
 */
export function createFakeVscode(names: string[]): Record<string, unknown> {
  const api: Record<string, unknown> = {};
  for (const name of names) api[name] = permissive(`vscode.${name}`);
  api.version = '1.100.0';
  api.window = permissive('vscode.window', { createOutputChannel: () => outputChannel() });
  return api;
}

/** The top-level names of the `vscode` API (namespaces, classes, enums, ...), from its type declarations. */
export function vscodeApiNames(declarations: string): string[] {
  return [...new Set([...declarations.matchAll(/^\texport (?:namespace|class|enum|const|let|function) ([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]))];
}

/** Makes `require('vscode')` resolve to the fake in this process, exposing `names` at the top level. */
export function installFakeVscode(names: string[]): void {
  const fake = createFakeVscode(names);
  const moduleWithInternals = Module as unknown as {
    _resolveFilename: (request: string, ...rest: unknown[]) => string;
    _cache: Record<string, unknown>;
  };
  const original = moduleWithInternals._resolveFilename;
  moduleWithInternals._resolveFilename = function resolve(request: string, ...rest: unknown[]) {
    return request === 'vscode' ? FAKE_ID : original.call(this, request, ...rest);
  };
  moduleWithInternals._cache[FAKE_ID] = { id: FAKE_ID, filename: FAKE_ID, loaded: true, exports: fake };
}

/** A minimal ExtensionContext: real arrays and maps where activation stores things, proxies elsewhere. */
export function fakeContext(extensionPath: string): Anything {
  const memento = () => {
    const store = new Map<string, unknown>();
    return permissive('Memento', {
      get: (key: string, fallback?: unknown) => (store.has(key) ? store.get(key) : fallback),
      update: async (key: string, value: unknown) => void store.set(key, value),
      keys: () => [...store.keys()],
    });
  };
  return permissive('ExtensionContext', {
    subscriptions: [],
    extensionPath,
    extensionMode: 3,
    workspaceState: memento(),
    globalState: memento(),
  });
}
