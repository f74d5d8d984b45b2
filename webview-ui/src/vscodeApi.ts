/** The object VS Code injects into webviews (acquireVsCodeApi may be called only once). */
export interface VsCodeApi<S> {
  postMessage(message: unknown): void;
  getState(): S | undefined;
  setState(state: S): void;
}

declare function acquireVsCodeApi<S>(): VsCodeApi<S>;

/** The webview API, or an in-page stand-in when the page runs outside VS Code (the screenshot harness). */
export function vscodeApi<S>(): VsCodeApi<S> {
  if (typeof acquireVsCodeApi === 'function') return acquireVsCodeApi<S>();
  let saved: S | undefined;
  return {
    postMessage: (message) => window.parent.postMessage({ fromWebview: message }, '*'),
    getState: () => saved,
    setState: (state) => void (saved = state),
  };
}
