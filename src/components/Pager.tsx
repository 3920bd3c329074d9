import { useEffect, useRef } from "react";
import type { Paging } from "../utils/paging.ts";
import { Button } from "./ui/Button.tsx";
import * as styles from "./Pager.css.ts";

export interface PagerProps {
  /** The navigation's accessible name: "Páginas de Mis empresas". */
  readonly label: string;
  readonly paging: Paging;
  readonly onPage: (page: number) => void;
}

/**
 * 'Anterior' / 'Siguiente' and "Página X de Y" (announced) under a
 * server-paged table; nothing when there is one page. A button that becomes
 * disabled at the first or last page would drop the focus, so it moves to
 * the other one.
 */
export function Pager({ label, paging, onPage }: PagerProps) {
  const navRef = useRef<HTMLElement>(null);
  const pressed = useRef<"previous" | "next" | null>(null);
  const { hasPrevious, hasNext } = paging;
  useEffect(() => {
    const [previous, next] = navRef.current?.querySelectorAll("button") ?? [];
    if (pressed.current === "next" && !hasNext) previous?.focus();
    if (pressed.current === "previous" && !hasPrevious) next?.focus();
    pressed.current = null;
  }, [hasPrevious, hasNext]);
  if (paging.pageCount <= 1) return null;
  return (
    <nav ref={navRef} className={styles.pager} aria-label={label}>
      <Button
        variant="secondary"
        isDisabled={!hasPrevious}
        onPress={() => {
          pressed.current = "previous";
          onPage(paging.page - 1);
        }}
      >
        Anterior
      </Button>
      <p aria-live="polite">{paging.label}</p>
      <Button
        variant="secondary"
        isDisabled={!hasNext}
        onPress={() => {
          pressed.current = "next";
          onPage(paging.page + 1);
        }}
      >
        Siguiente
      </Button>
    </nav>
  );
}
