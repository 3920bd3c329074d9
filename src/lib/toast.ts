import type { toast } from "react-toastify";
import { userMessageOf } from "./api-error.ts";

/**
 * Spec section 9: error toasts last 5 s top-right; default (success) toasts
 * 3 s bottom-right. react-toastify loads on the first toast, so pages that
 * never show one do not download it; `Toasts` mounts its container then.
 */
export const ERROR_TOAST_MS = 5000;
export const DEFAULT_TOAST_MS = 3000;


let requested = false;
const listeners = new Set<() => void>();

/** Whether any toast was raised yet (the container is mounted from then on). */
export const hasRequestedToast = (): boolean => requested;

/** Subscribe to the first toast request; returns the unsubscribe. */
export function onToastRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function withToastify(show: (library: { readonly toast: typeof toast }) => void): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void import("react-toastify").then(show);
}

export function toastError(message: string, autoClose: number = ERROR_TOAST_MS): void {
  withToastify((library) =>
    library.toast.error(message, {
      position: "top-right",
      autoClose,
      closeButton: true,
      closeOnClick: true,
      pauseOnHover: true,
      pauseOnFocusLoss: true,
    }),
  );
}

export function toastSuccess(message: string): void {
  withToastify((library) =>
    library.toast.success(message, {
      position: "bottom-right",
      autoClose: DEFAULT_TOAST_MS,
      pauseOnHover: true,
    }),
  );
}

/** The error toast for a failed call: its Spanish message, or the generic one (spec section 8). */
export function toastApiError(error: unknown): void {
  toastError(userMessageOf(error));
}
