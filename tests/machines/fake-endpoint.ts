/** Lets a settled promise reach the actor (a `fromPromise` answers a few microtasks later). */
export async function settle(): Promise<void> {
  for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
}

/**
 * An endpoint, faked for a machine's actor: each call waits until the test
 * answers it (with `fallback` unless told otherwise) or fails it, so a test
 * sees the machine with the request in flight. The calls' inputs are kept.
 */
export function fakeEndpoint<Input, Output>(fallback: Output) {
  const calls: Input[] = [];
  let pending: { resolve: (value: Output) => void; reject: (error: unknown) => void } | null = null;
  return {
    calls,
    call: (input: Input) =>
      new Promise<Output>((resolve, reject) => {
        calls.push(input);
        pending = { resolve, reject };
      }),
    get inFlight() {
      return pending !== null;
    },
    async answer(output: Output = fallback) {
      pending?.resolve(output);
      pending = null;
      await settle();
    },
    async fail(error: unknown = new Error("500")) {
      pending?.reject(error);
      pending = null;
      await settle();
    },
  };
}
export type FakeEndpoint<Input, Output> = ReturnType<typeof fakeEndpoint<Input, Output>>;
