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
