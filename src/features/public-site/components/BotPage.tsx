import { BOT_PAGE_URL } from "../../../../contracts/bot-page.ts";
import * as styles from "./marketing.css.ts";
import * as bot from "./BotPage.css.ts";

const BOT_URL = import.meta.env.VITE_BOT_URL;

/** Only an https URL is embedded (the CSP allows https frames). */
const embeddable = (url: string | undefined): url is string => {
  if (url === undefined || url.trim() === "") return false;
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
};

/**
 * /puente-bot: an external chatbot when VITE_BOT_URL names one; otherwise
 * our own, whose chat page the server renders (server/bot,
 * docs/decisions/020-puente-bot.md).
 */
export default function BotPage() {
  return (
    <section className={styles.section} aria-labelledby="bot-title">
      <div className={`${styles.heroText} ${styles.narrow}`}>
        <h1 id="bot-title" className={styles.heroTitle}>
          Puente Bot
        </h1>
        <p className={styles.lead}>
          Pregúntale a nuestro asistente virtual cómo comprar, vender o invertir en una empresa en México. Para tu caso
          particular, habla con uno de nuestros expertos.
        </p>
      </div>
      {embeddable(BOT_URL) ? (
        <iframe className={bot.frame} src={BOT_URL} title="Chat con Puente Bot" allow="clipboard-write" />
      ) : (
        <iframe className={bot.frame} src={BOT_PAGE_URL} title="Chat con Puente Bot" />
      )}
    </section>
  );
}
