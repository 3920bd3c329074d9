import type { LegalBlock, LegalText } from "../../../../content/legal.ts";
import * as styles from "./marketing.css.ts";

function Blocks({ blocks }: { readonly blocks: ReadonlyArray<LegalBlock> }) {
  return blocks.map((block, index) =>
    "paragraph" in block ? (
      <p key={index}>{block.paragraph}</p>
    ) : (
      <ul key={index}>
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    ),
  );
}

/** A legal text (content/legal.ts): title, last update, table of contents and numbered sections. */
export function LegalDocument({ text }: { readonly text: LegalText }) {
  return (
    <article className={`${styles.section} ${styles.narrow}`} aria-labelledby="legal-title">
      <h1 id="legal-title" className={styles.heroTitle}>
        {text.title}
      </h1>
      <p className={styles.small}>Última actualización: {text.updated}</p>
      <div className={styles.prose}>
        <Blocks blocks={text.intro} />
      </div>
      <nav aria-label="Contenido">
        <ol className={styles.list}>
          {text.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {text.sections.map((section, index) => (
        <section key={section.id} id={section.id} className={styles.prose} aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`} className={styles.h2}>
            {index + 1}. {section.title}
          </h2>
          <Blocks blocks={section.blocks} />
        </section>
      ))}
    </article>
  );
}
