import { ToastContainer, type CloseButtonProps } from "react-toastify";
import { DEFAULT_TOAST_MS } from "../../lib/toast.ts";
import * as styles from "./Toasts.css.ts";

function CloseToast({ closeToast }: CloseButtonProps) {
  return (
    <button type="button" className={styles.close} aria-label="Cerrar notificación" onClick={closeToast}>
      <span aria-hidden="true">×</span>
    </button>
  );
}

/** Mount once at the root; `toastError`/`toastSuccess` render here. */
export function Toasts() {
  return (
    <ToastContainer
      position="bottom-right"
      autoClose={DEFAULT_TOAST_MS}
      closeButton={CloseToast}
      newestOnTop
      pauseOnHover
      theme="light"
      aria-label="Notificaciones"
    />
  );
}
