/** localStorage key of the persisted session (spec section 3). */
export const SESSION_STORAGE_KEY = "puente.session";

const signedOutListeners = new Set<() => void>();

/** Runs `listener` whenever the session ends (logout, expiry, 401). Returns the unsubscribe. */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => {
    signedOutListeners.delete(listener);
  };
}

export function notifySignedOut(): void {
  for (const listener of signedOutListeners) listener();
}

/** The stored JSON string (restorePersistedSession parses and validates it). */
export function readStoredSession(): string | null {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}
