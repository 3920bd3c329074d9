import type { JSX, ReactNode } from "react";

/**
 * Stub (branch wt-co): the data room helper's real panel replaces this file
 * when the branches are merged. Same signature.
 */
export function DataroomPanel(props: { readonly companyId: number; readonly kybAction?: ReactNode }): JSX.Element {
  return (
    <section aria-label="Dataroom" data-company-id={props.companyId}>
      <p>Aquí podrás subir los documentos de tu empresa por categoría.</p>
      {props.kybAction}
    </section>
  );
}
