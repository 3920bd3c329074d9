/**
 * The provider server's clock: the system's, unless a provider state moves
 * it (a CIF's issue date is checked against the server's today, and a pact
 * records a fixed date). Moved by an offset, so time still runs; a state
 * that moves it puts it back in its teardown.
 */
let offsetMs = 0;

export const providerClock = (): Date => new Date(Date.now() + offsetMs);

/** The server's now becomes `instant` (ISO), and runs on from there. */
export const moveProviderClockTo = (instant: string): void => {
  const target = Date.parse(instant);
  if (Number.isNaN(target)) throw new Error(`provider state: not an instant: ${instant}`);
  offsetMs = target - Date.now();
};

export const resetProviderClock = (): void => {
  offsetMs = 0;
};
