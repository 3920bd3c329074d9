import { lazy, Suspense, useState } from "react";
import { VideoPoster } from "./Artwork.tsx";
import * as styles from "./VideoPreview.css.ts";

// The dialog (react-aria Modal) loads when the poster is pressed.
const VideoModal = lazy(() => import("./VideoModal.tsx"));

export interface VideoPreviewProps {
  /** The dialog's title and the poster's accessible name ("Ver video: {title}"). */
  readonly title: string;
}

/**
 * A poster image that opens the video in a modal dialog. 'Cerrar' or Escape
 * closes it and focus returns to the poster.
 */
export function VideoPreview({ title }: VideoPreviewProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.poster}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-label={`Ver video: ${title}`}
        onClick={() => setOpen(true)}
      >
        <VideoPoster />
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <VideoModal title={title} isOpen={isOpen} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
