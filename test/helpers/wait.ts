/** Polling for effects that land after a response: a cancelled upstream, a log line. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 3000, what = "condition"): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(5);
  }
}
