import { toast } from "react-toastify";

/** Spec section 9: error toasts last 5 s top-right; default (success) toasts 3 s bottom-right. */
export const ERROR_TOAST_MS = 5000;
export const DEFAULT_TOAST_MS = 3000;

export function toastError(message: string, autoClose: number = ERROR_TOAST_MS): void {
  toast.error(message, {
    position: "top-right",
    autoClose,
    closeButton: true,
    closeOnClick: true,
    pauseOnHover: true,
    pauseOnFocusLoss: true,
  });
}

export function toastSuccess(message: string): void {
  toast.success(message, {
    position: "bottom-right",
    autoClose: DEFAULT_TOAST_MS,
    pauseOnHover: true,
  });
}
