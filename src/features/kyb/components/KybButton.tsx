import type { JSX } from "react";
import { Button } from "../../../components/ui/Button.tsx";

/**
 * Stub (branch wt-co): the KYB helper's real button and dialog replace this
 * file when the branches are merged. Same signature.
 */
export function KybButton(props: { readonly companyId: number }): JSX.Element {
  return (
    <Button variant="secondary" isDisabled data-company-id={props.companyId}>
      KYB básico
    </Button>
  );
}
