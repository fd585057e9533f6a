/**
 * Waits until `check` passes — it throws (a failed expect) until then — and returns what it
 * returned; after `timeoutMs` the last failure is thrown. For state that settles asynchronously
 * (events between instances, background jobs), never as a measure of speed.
 *
 * The deadline only bounds a failure: a passing check returns as soon as it passes, so it is
 * generous (20 s), and a machine busy with other work (CI beside two CPU-bound loops runs the
 * same steps several times slower) does not turn a wait into a failure.
 */
export const SETTLE_TIMEOUT_MS = 20_000;

export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = SETTLE_TIMEOUT_MS, intervalMs = 25): Promise<T> {
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
