import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { loadErrorState, type Retryable } from "./load-error-state.ts";
import { Button } from "./ui/Button.tsx";
import * as styles from "./LoadError.css.ts";

/** The one message for data that failed to load (docs/decisions/010). */
export const LOAD_ERROR_MESSAGE = "No pudimos cargar esta información.";
/** For a form whose dropdown options (catalogues) did not load: it cannot be filled in. */
export const OPTIONS_LOAD_ERROR_MESSAGE = "No pudimos cargar las opciones del formulario.";
export const RETRY_LABEL = "Reintentar";

export interface LoadErrorControls {
  readonly show: boolean;
  readonly isRetrying: boolean;
  /** Refetches the failed queries. */
  readonly retry: () => void;
}

/** The error state of a page's (or a form's) queries: whether to show it, and its retry. */
export function useLoadError(queries: ReadonlyArray<Retryable>): LoadErrorControls {
  const [retrying, setRetrying] = useState(false);
  const { show, isRetrying } = loadErrorState(queries, retrying);
  useEffect(() => {
    // The retry worked: back to normal, so a later load shows its usual spinner.
    if (retrying && !show) setRetrying(false);
  }, [retrying, show]);
  return {
    show,
    isRetrying,
    retry: () => {
      setRetrying(true);
      for (const query of queries) if (query.isError) void query.refetch();
    },
  };
}

// What can take the focus after the message goes: links, controls, or an element made focusable.
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** `element` itself when focusable (a heading with tabIndex -1 counts), else the first focusable inside it or after it. */
function focusableFrom(element: Element | null): HTMLElement | null {
  for (let current = element; current !== null; current = current.nextElementSibling) {
    if (current instanceof HTMLElement && (current.matches(FOCUSABLE) || current.getAttribute("tabindex") === "-1")) return current;
    const inner = current.querySelector<HTMLElement>(FOCUSABLE);
    if (inner !== null) return inner;
  }
  return null;
}

export interface LoadErrorProps {
  readonly onRetry: () => void;
  /** The retry is in flight: the button shows it and keeps the focus. */
  readonly isRetrying?: boolean;
  readonly message?: string;
  /** A one-line version for inside a form or beside the filters. */
  readonly compact?: boolean;
  /**
   * Where focus goes when the message disappears (the retry worked) while
   * its button held the focus; by default the first focusable element after
   * the message, so a keyboard user continues where the data now is.
   */
  readonly focusAfterRetry?: RefObject<HTMLElement | null>;
}

/**
 * Data that failed to load: a Spanish message (an alert, so it is
 * announced) and 'Reintentar'. It does not take the focus when it appears.
 */
export function LoadError({ onRetry, isRetrying = false, message = LOAD_ERROR_MESSAGE, compact = false, focusAfterRetry }: LoadErrorProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const focusTarget = useRef(focusAfterRetry);
  focusTarget.current = focusAfterRetry;
  useLayoutEffect(() => {
    const box = boxRef.current;
    // Runs while the box is still in the document: did it hold the focus?
    return () => {
      if (box === null || !box.contains(document.activeElement)) return;
      const explicit = focusTarget.current;
      const next = box.nextElementSibling;
      // The content that replaces the message is attached after this commit.
      window.setTimeout(() => {
        const target = explicit === undefined ? (next?.isConnected === true ? focusableFrom(next) : null) : explicit.current;
        if (target !== null && (document.activeElement === null || document.activeElement === document.body)) target.focus();
      }, 0);
    };
  }, []);
  return (
    <div ref={boxRef} className={compact ? `${styles.box} ${styles.compact}` : styles.box}>
      <p role="alert" className={styles.message}>
        {message}
      </p>
      <Button variant="secondary" onPress={onRetry} isPending={isRetrying}>
        {RETRY_LABEL}
      </Button>
    </div>
  );
}

export interface QueryLoadErrorProps extends Omit<LoadErrorProps, "onRetry" | "isRetrying"> {
  readonly queries: ReadonlyArray<Retryable>;
}

/** `LoadError` for a set of queries, in place: nothing while none failed. */
export function QueryLoadError({ queries, ...props }: QueryLoadErrorProps) {
  const loadError = useLoadError(queries);
  return loadError.show ? <LoadError {...props} onRetry={loadError.retry} isRetrying={loadError.isRetrying} /> : null;
}
