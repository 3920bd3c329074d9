import type { ReactNode } from "react";
import * as styles from "./marketing.css.ts";

export interface LegalSection {
  readonly id: string;
  readonly title: string;
  readonly body: ReactNode;
}

/** A legal text: title, last update, table of contents and numbered sections. */
export function LegalDocument({ title, updated, intro, sections }: {
  readonly title: string;
  readonly updated: string;
  readonly intro: ReactNode;
  readonly sections: ReadonlyArray<LegalSection>;
}) {
  return (
    <article className={`${styles.section} ${styles.narrow}`} aria-labelledby="legal-title">
      <h1 id="legal-title" className={styles.heroTitle}>
        {title}
      </h1>
      <p className={styles.small}>Última actualización: {updated}</p>
      <div className={styles.prose}>{intro}</div>
      <nav aria-label="Contenido">
        <ol className={styles.list}>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} className={styles.prose} aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`} className={styles.h2}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}
