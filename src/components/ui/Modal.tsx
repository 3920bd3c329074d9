import { lazy, Suspense, useState, type ReactNode } from "react";
import type * as styles from "./Modal.css.ts";

// react-aria's dialog (focus scope, scroll lock, hiding the rest from
// assistive technology: ~12 kB gzip) loads the first time a modal opens, not
// with every page that could open one (decision 047).
const ModalDialog = lazy(() => import("./ModalDialog.tsx"));

export interface ModalProps {
  readonly title: string;
  readonly children: ReactNode;
  /** `drawer` slides in from the right edge (the mobile menu). */
  readonly variant?: keyof typeof styles.modal;
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
  /** Hide the title visually while keeping it as the dialog's name. */
  readonly hideTitle?: boolean;
}

/**
 * A dismissable modal dialog over a dimmed backdrop, with a 'Cerrar' button.
 * Nothing is rendered until it first opens; from then on it stays mounted,
 * so closing plays its exit and gives the focus back to what opened it.
 */
export function Modal(props: ModalProps) {
  const [hasOpened, setHasOpened] = useState(props.isOpen);
  // Adjusting state while rendering (React's documented pattern): the dialog mounts in the same render that opens it.
  if (props.isOpen && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
