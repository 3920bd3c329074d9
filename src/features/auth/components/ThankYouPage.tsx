import { useEffect } from "react";
import { useLocation } from "wouter";
import { Link } from "../../../components/ui/Link.tsx";
import { CONFIRM_EMAIL_STEP } from "./thank-you-copy.ts";
import * as styles from "./ThankYouPage.css.ts";

/** Spec section 9: the thank-you pages send the user to log in after 5 s. */
export const THANK_YOU_REDIRECT_MS = 5000;

const NEXT_STEP: Readonly<Record<string, string>> = {
  "/gracias-vendedor":
    "Tu cuenta y tu empresa quedaron registradas. Inicia sesión para completar el onboarding: revisamos cada empresa (KYC/KYB) antes de compartirla con compradores verificados.",
  "/gracias-comprador":
    "Tu cuenta quedó registrada. Inicia sesión para explorar empresas verificadas y enviar mensajes de interés a sus dueños.",
};

const DEFAULT_NEXT_STEP = "Tu cuenta quedó registrada. Inicia sesión para continuar.";

const FAQ: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: "¿Puente recibe o administra dinero?",
    answer:
      "No. Puente no es una institución financiera: no recibe ni canaliza fondos y no garantiza operaciones. Los acuerdos se hacen directamente entre las partes.",
  },
  {
    question: "¿Quién puede ver la información de una empresa?",
    answer:
      "Cada empresa se revisa antes de compartirse. El perfil público es confidencial; el perfil completo requiere verificación y la aprobación de la empresa.",
  },
  {
    question: "¿Olvidaste tu contraseña?",
    answer: "Desde la página de inicio de sesión puedes pedir un enlace para crear una nueva; llega a tu email y vence en 1 hora.",
  },
];

/** /gracias-comprador, /gracias-vendedor, /registro-exitoso. */
export default function ThankYouPage() {
  const [location, navigate] = useLocation();

  useEffect(() => {
    const timer = window.setTimeout(() => navigate("/iniciar-sesion", { replace: true }), THANK_YOU_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="gracias-title">
        <h1 id="gracias-title" className={styles.title}>
          Gracias por registrarte
        </h1>
        <p>{NEXT_STEP[location] ?? DEFAULT_NEXT_STEP}</p>
        {location === "/gracias-comprador" ? (
          <p role="note" className={styles.emailStep}>
            {CONFIRM_EMAIL_STEP}
          </p>
        ) : null}
        <p className={styles.muted}>En 5 segundos te llevaremos a iniciar sesión.</p>
        <Link href="/iniciar-sesion" variant="primary" className={styles.cta}>
          Iniciar sesión
        </Link>
      </section>
      <section className={styles.faq} aria-labelledby="gracias-faq-title">
        <h2 id="gracias-faq-title" className={styles.faqTitle}>
          Preguntas frecuentes
        </h2>
        <dl className={styles.faqList}>
          {FAQ.map((item) => (
            <div key={item.question} className={styles.faqItem}>
              <dt className={styles.question}>{item.question}</dt>
              <dd className={styles.answer}>{item.answer}</dd>
            </div>
          ))}
        </dl>
        <Link href="/faq">Ver todas las preguntas frecuentes</Link>
      </section>
    </div>
  );
}
