/** Waits until `find` returns something (polling each animation frame), or fails after `timeout` ms. */
export async function waitFor<T>(find: () => T | null | undefined | false, timeout = 4000, what = 'condition'): Promise<T> {
  const start = performance.now();
  for (;;) {
    const found = find();
    if (found) return found;
    if (performance.now() - start > timeout) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/** Captures console.error / console.warn calls while `run` executes. */
export async function captureConsole(run: () => unknown): Promise<{ errors: string[]; warnings: string[] }> {
  const errors: string[] = [];
  const warnings: string[] = [];
  const { error, warn } = console;
  console.error = (...args: unknown[]) => errors.push(args.map(String).join(' '));
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  try {
    await run();
  } finally {
    console.error = error;
    console.warn = warn;
  }
  return { errors, warnings };
}
