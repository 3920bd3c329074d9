import type { ReactNode } from "react";
import {
  Button as AriaButton,
  Dialog as AriaDialog,
  Heading,
  Modal as AriaModal,
  ModalOverlay,
} from "react-aria-components";
import * as styles from "./Modal.css.ts";

export { DialogTrigger } from "react-aria-components";

export interface ModalProps {
  readonly title: string;
  readonly children: ReactNode;
  /** `drawer` slides in from the right edge (the mobile menu). */
  readonly variant?: keyof typeof styles.modal;
  /** Controlled use; leave both out inside a `DialogTrigger`. */
  readonly isOpen?: boolean;
  readonly onOpenChange?: (isOpen: boolean) => void;
  /** Hide the title visually while keeping it as the dialog's name. */
  readonly hideTitle?: boolean;
}

/** A dismissable modal dialog over a dimmed backdrop, with a 'Cerrar' button. */
export function Modal({ title, children, variant = "center", isOpen, onOpenChange, hideTitle = false }: ModalProps) {
  const control = {
    ...(isOpen === undefined ? {} : { isOpen }),
    ...(onOpenChange === undefined ? {} : { onOpenChange }),
  };
  return (
    <ModalOverlay {...control} isDismissable className={styles.overlay}>
      <AriaModal className={styles.modal[variant]}>
        <AriaDialog className={styles.dialog}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title" className={styles.title} hidden={hideTitle}>
                  {title}
                </Heading>
                <AriaButton className={styles.close} aria-label="Cerrar" onPress={close}>
                  <span aria-hidden="true">×</span>
                </AriaButton>
              </div>
              {children}
            </>
          )}
        </AriaDialog>
      </AriaModal>
    </ModalOverlay>
  );
}
