import { FAQ_GROUPS, FAQ_PAGE, faqGroupAnchor } from "../../../../content/faq.ts";
import { Link } from "../../../components/ui/Link.tsx";
import * as faq from "./FaqPage.css.ts";
import * as styles from "./marketing.css.ts";

export default function FaqPage() {
  return (
    <>
      <section className={styles.section} aria-labelledby="faq-title">
        <div className={`${styles.heroText} ${styles.narrow}`}>
          <h1 id="faq-title" className={styles.heroTitle}>
            {FAQ_PAGE.title}
          </h1>
          <p className={styles.lead}>Lo que más nos preguntan sobre comprar, vender y financiar una empresa en México.</p>
        </div>
      </section>
      {FAQ_GROUPS.map((group) => (
        <section key={group.id} className={`${styles.section} ${styles.narrow}`} aria-labelledby={faqGroupAnchor(group.id)}>
          <h2 id={faqGroupAnchor(group.id)} className={styles.h2}>
            {group.title}
          </h2>
          <div className={faq.group}>
            {group.questions.map((question) => (
              <details key={question.q} className={faq.item}>
                <summary className={faq.question}>{question.q}</summary>
                <p className={faq.answer}>{question.a}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
      <section className={`${styles.section} ${styles.narrow}`} aria-label="Más ayuda">
        <p>
          ¿No encontraste tu respuesta? <Link href="/contacto">Escríbenos</Link> y te respondemos en menos de 24 horas.
        </p>
      </section>
    </>
  );
}
