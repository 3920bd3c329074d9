import { useState } from "react";
import { LightTabs } from "../../../components/ui/LightTabs.tsx";
import { BUYER_JOURNEY, BUYER_STEPS, SELLER_STEPS } from "../../../../content/journeys.ts";
import * as styles from "./marketing.css.ts";

type Audience = "compradores" | "vendedores";

const TABS = [
  { id: "compradores", label: BUYER_JOURNEY.tab },
  { id: "vendedores", label: "Para vendedores" },
] as const satisfies ReadonlyArray<{ id: Audience; label: string }>;

function Steps({ steps }: { readonly steps: ReadonlyArray<{ readonly title: string; readonly text: string }> }) {
  return (
    <ol className={styles.steps}>
      {steps.map((step) => (
        <li key={step.title} className={styles.step}>
          <p className={styles.stepTitle}>{step.title}</p>
          <p className={styles.muted}>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * 'How it works' with a tab for buyers and one for sellers (spec section 2,
 * Home). LightTabs rather than react-aria's Tabs keeps ~25 kB of JavaScript
 * (and its render work) off the home page's first load.
 */
export function HowItWorks() {
  const [audience, setAudience] = useState<Audience>("compradores");
  return (
    <LightTabs label="Cómo funciona Puente" selectedKey={audience} onSelectionChange={setAudience} tabs={TABS}>
      <Steps steps={audience === "compradores" ? BUYER_STEPS : SELLER_STEPS} />
    </LightTabs>
  );
}
