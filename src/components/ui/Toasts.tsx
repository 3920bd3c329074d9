import { lazy, Suspense, useSyncExternalStore } from "react";
import { hasRequestedToast, onToastRequested } from "../../lib/toast.ts";

const ToastContainer = lazy(() => import("./ToastContainer.tsx"));

/**
 * Mount once at the root; `toastError`/`toastSuccess` render here. The
 * toast library loads with the first toast (most visits never show one), and
 * it queues toasts raised before its container mounts.
 */
export function Toasts() {
  const requested = useSyncExternalStore(onToastRequested, hasRequestedToast, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
