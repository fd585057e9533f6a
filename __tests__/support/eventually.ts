/**
 * Waits until `check` passes — it throws (a failed expect) until then — and returns what it
 * returned; after `timeoutMs` the last failure is thrown. For state that settles asynchronously
 * (events between instances, background jobs), never as a measure of speed.
 */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5000, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
