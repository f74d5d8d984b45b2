/**
 * Polls `probe` until it returns a value (not undefined/false) or the time runs out.
 * The default leaves room for the first webview page load, which took over 15 s in a CI run
 * on a loaded machine; it stays under the suite's 60 s mocha timeout so a hang still fails here.
 */
export async function waitFor<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
