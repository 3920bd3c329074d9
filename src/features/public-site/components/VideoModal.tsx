import { Modal } from "../../../components/ui/Modal.tsx";
import * as styles from "./VideoPreview.css.ts";

/** Where the explainer video is hosted (an embeddable https URL); unset: a written summary instead. */
const VIDEO_URL = import.meta.env.VITE_VIDEO_URL;

export interface VideoModalProps {
  readonly title: string;
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
}

export default function VideoModal({ title, isOpen, onOpenChange }: VideoModalProps) {
  return (
    <Modal title={title} isOpen={isOpen} onOpenChange={onOpenChange}>
      {VIDEO_URL ? (
        <iframe
          className={styles.frame}
          src={VIDEO_URL}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <div className={styles.transcript}>
          <p>Estamos terminando de grabar este video. Mientras tanto, así funciona Puente en tres pasos:</p>
          <ol>
            <li>Los dueños publican su empresa y la validamos (KYC/KYB) antes de compartirla.</li>
            <li>Compradores e inversionistas verificados exploran oportunidades y solicitan conocerlas.</li>
            <li>Las partes negocian y cierran directamente; Puente no recibe ni administra fondos.</li>
          </ol>
        </div>
      )}
    </Modal>
  );
}
