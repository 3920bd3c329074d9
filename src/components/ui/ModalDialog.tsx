import {
  Button as AriaButton,
  Dialog as AriaDialog,
  Heading,
  Modal as AriaModal,
  ModalOverlay,
} from "react-aria-components";
import type { ModalProps } from "./Modal.tsx";
import * as styles from "./Modal.css.ts";

/** Modal.tsx's dialog, loaded the first time one opens. */
export default function ModalDialog({ title, children, variant = "center", isOpen, onOpenChange, hideTitle = false }: ModalProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className={styles.overlay}>
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
