/**
 * Polls a condition until it holds. For conditions that read several clients or the server: a waiter on one
 * client (`TestClient.waitFor`) wakes only on that client's own messages.
 */
export async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** `until` for an asynchronous condition (a database read), checked every 50 ms. */
export async function poll(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
