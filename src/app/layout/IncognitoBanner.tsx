import { useState } from "react";
import { Button } from "../../components/ui/Button.tsx";
import { INCOGNITO_OFF_MESSAGE, INCOGNITO_ON_MESSAGE } from "../../lib/incognito.ts";
import { useSession, useSessionSend } from "../../lib/session.tsx";
import { visuallyHidden } from "../../styles/utils.css.ts";
import * as styles from "./IncognitoBanner.css.ts";

/**
 * While an admin's incognito (demo) mode is on, a banner on every page says
 * so and turns it off (docs/decisions/022). A change, from the banner or
 * either menu, is announced in a live region that is always there for
 * admins (a region inserted with its text is not reliably read); nothing is
 * announced on arrival, when the banner itself is on screen.
 */
export function IncognitoBanner() {
  const session = useSession();
  const send = useSessionSend();
  const [seen, setSeen] = useState(session.demoMode);
  const [announcement, setAnnouncement] = useState("");
  // Adjusting state while rendering when the mode changed (React's pattern for "state from a prop change").
  if (seen !== session.demoMode) {
    setSeen(session.demoMode);
    setAnnouncement(session.demoMode ? INCOGNITO_ON_MESSAGE : INCOGNITO_OFF_MESSAGE);
  }
  if (!session.isAdmin) return null;
  return (
    <>
      <p role="status" className={visuallyHidden}>
        {announcement}
      </p>
      {session.demoMode ? (
        <section aria-label="Modo incógnito" className={styles.banner}>
          <p className={styles.text}>{INCOGNITO_ON_MESSAGE}</p>
          <Button variant="secondary" onPress={() => send({ type: "session.demoToggled" })}>
            Desactivar modo incógnito
          </Button>
        </section>
      ) : null}
    </>
  );
}
