import { ToastContainer as ToastifyContainer, type CloseButtonProps } from "react-toastify";
import { DEFAULT_TOAST_MS } from "../../lib/toast.ts";
import * as styles from "./Toasts.css.ts";

function CloseToast({ closeToast }: CloseButtonProps) {
  return (
    <button type="button" className={styles.close} aria-label="Cerrar notificación" onClick={closeToast}>
      <span aria-hidden="true">×</span>
    </button>
  );
}

/** The react-toastify container; loaded by `Toasts` when the first toast is shown. */
export default function ToastContainer() {
  return (
    <ToastifyContainer
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
