import { useEffect } from "react";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { useSummaryCompany } from "../api/get-company.ts";
import { useOnboardingSummary } from "../api/get-onboarding-summary.ts";
import * as styles from "./OnboardingSummary.css.ts";
import { EMPTY_LIST, summarySections, type Section } from "./summary-rules.ts";

function SectionCard({ section }: { readonly section: Section }) {
  const headingId = `resumen-${section.id}`;
  return (
    <li className={styles.card}>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.title}>
          {section.title}
        </h2>
        {section.fields !== undefined ? (
          <dl className={styles.fields}>
            {section.fields.map((field) => (
              <div key={field.label}>
                <dt className={styles.label}>{field.label}</dt>
                <dd className={styles.value}>{field.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {section.items !== undefined ? (
          section.items.length === 0 ? (
            <p className={styles.placeholder}>{EMPTY_LIST}</p>
          ) : (
            <ul className={styles.list}>
              {section.items.map((item, index) => (
                // Items may repeat (two holders with one name): the index keeps keys unique.
                <li key={`${index}-${item}`}>{item}</li>
              ))}
            </ul>
          )
        ) : null}
      </section>
    </li>
  );
}

/**
 * The read-only onboarding summary (spec section 2). It loads the onboarding
 * and the company in parallel; a failure of either is logged and nothing is
 * shown (spec section 8).
 */
export function OnboardingSummary({ companyId }: { readonly companyId: number }) {
  const summary = useOnboardingSummary(companyId);
  const company = useSummaryCompany(companyId);
  const error = summary.error ?? company.error;

  useEffect(() => {
    if (error !== null) console.error("Error al obtener datos del onboarding:", error);
  }, [error]);

  if (error !== null) return null;
  if (summary.data === undefined || company.data === undefined) return <Spinner label="Cargando el onboarding" />;

  const record = company.data;
  const sections = summarySections(
    summary.data,
    {
      societyName: record.society?.name ?? null,
      societyId: record.society_id,
      taxSystems: record.tax_system === null ? [] : [record.tax_system],
    },
    new Date().getFullYear(),
  );
  return (
    <ul className={styles.grid} aria-label="Resumen del onboarding">
      {sections.map((section) => (
        <SectionCard key={section.id} section={section} />
      ))}
    </ul>
  );
}
