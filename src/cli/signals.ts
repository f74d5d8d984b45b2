/** Signals that stop a CLI run the way Ctrl-C does: a `kill`, a closed terminal or SSH session. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Calls `onStop` on SIGINT, SIGTERM or SIGHUP, so each one cancels the run (and its rg children)
 * instead of killing the process outright. With `once`, the handlers go after the first signal, so
 * a second one has its default effect. Returns the function that removes them.
 */
export function onStopSignals(onStop: (signal: NodeJS.Signals) => void, once = true): () => void {
  const handler = (signal: NodeJS.Signals) => {
    if (once) remove();
    onStop(signal);
  };
  const remove = () => {
    for (const signal of STOP_SIGNALS) process.off(signal, handler);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, handler);
  return remove;
}
