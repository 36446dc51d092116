/**
 * Settles with `promise`, or rejects with `onCancel()` as soon as `signal`
 * aborts, so a caller's cancellation never waits for work it no longer needs.
 */
export function abortable<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  onCancel: () => Error,
): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(onCancel());
  return new Promise<T>((resolve, reject) => {
    const handleAbort = () => reject(onCancel());
    signal.addEventListener('abort', handleAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', handleAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', handleAbort);
        reject(error);
      },
    );
  });
}

/** A delay that ends early, rejecting, when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined, onCancel: () => Error) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const delay = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return abortable(delay, signal, onCancel).finally(() => clearTimeout(timer));
}
