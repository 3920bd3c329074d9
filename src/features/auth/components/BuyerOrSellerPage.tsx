import { Link } from "../../../components/ui/Link.tsx";
import * as styles from "./BuyerOrSellerPage.css.ts";

const CHOICES = [
  {
    href: "/registro",
    title: "Soy comprador o inversionista",
    text: "Explora empresas verificadas en México, filtra por sector, tamaño y ubicación, y contacta directamente a sus dueños.",
    action: "Registrarme como comprador",
  },
  {
    href: "/vende-tu-empresa",
    title: "Soy dueño de una empresa",
    text: "Vende tu empresa o una participación, busca una fusión o levanta capital para crecer, con compradores validados.",
    action: "Registrar mi empresa",
  },
] as const;

/** /comprador-o-vendedor: the choice card before signing up. */
export default function BuyerOrSellerPage() {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>¿Cómo quieres usar Puente?</h1>
        <p className={styles.lead}>Elige tu tipo de cuenta para registrarte.</p>
      </header>
      <ul className={styles.choices}>
        {CHOICES.map((choice) => (
          <li key={choice.href} className={styles.choice}>
            <h2 className={styles.choiceTitle}>{choice.title}</h2>
            <p className={styles.choiceText}>{choice.text}</p>
            <Link href={choice.href} variant="primary" className={styles.choiceAction}>
              {choice.action}
            </Link>
          </li>
        ))}
      </ul>
      <p className={styles.footer}>
        <Link href="/iniciar-sesion">¿Ya tienes cuenta? Inicia sesión</Link>
      </p>
    </div>
  );
}
