import type { Nda } from "../../../../contracts/deal-room.ts";
import { renderNda } from "../../../../content/nda.ts";
import { formatLongDay } from "./deal-format.ts";
import * as styles from "./AccessPanel.css.ts";

export interface NdaDocumentProps {
  readonly nda: Nda;
  /** The buyer's name as their account gives it. */
  readonly buyer: string;
  /** The listing's human_id. */
  readonly reference: string;
  /** The `id` of the heading above, which names the text's region. */
  readonly titleId: string;
}

/**
 * The agreement with the parties written in (content/nda.ts `renderNda`,
 * the same filling the server stores), dated today in Mexico City. The box
 * scrolls and is focusable, so it can be read with the keyboard alone.
 */
export function NdaDocument({ nda, buyer, reference, titleId }: NdaDocumentProps) {
  const text = renderNda(nda.text, { buyer, reference, date: formatLongDay(new Date()) });
  return (
    <>
      <p className={styles.hint}>
        Versión {nda.version}, vigente desde el {formatLongDay(nda.effective_date)}. Puente no es parte del acuerdo: lo celebras con la empresa.
      </p>
      <div role="region" aria-labelledby={titleId} tabIndex={0} className={styles.ndaText}>
        {text}
      </div>
    </>
  );
}
