import { useQuery } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useRef, type FormEvent, type JSX } from "react";
import { valuationView, type ValuationView } from "../../../../machines/valuation/selectors.ts";
import type { ValuationAnswers, ValuationStep } from "../../../../machines/valuation/types.ts";
import { statusOf, type ValuationSnapshot } from "../../../../machines/valuation/valuation.machine.ts";
import { OPTIONS_LOAD_ERROR_MESSAGE, QueryLoadError } from "../../../components/LoadError.tsx";
import { Logo } from "../../../components/Logo.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { ProgressBar } from "../../../components/ui/ProgressBar.tsx";
import type { SelectOption } from "../../../components/ui/Select.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { useFocusOnChange } from "../../../hooks/useFocusOnChange.ts";
import { catalogueQueryOptions } from "../../../lib/api/get-catalogue.ts";
import { INVALID_CONTROL_SELECTOR } from "../../../lib/form.ts";
import { inspectOption } from "../../../lib/xstate-inspect.ts";
import { appValuationMachine } from "../state/valuation-machine.ts";
import { ValuationResult } from "./ValuationResult.tsx";
import { ReviewAnswers, StepFields } from "./ValuationSteps.tsx";
import * as styles from "./ValuationWizard.css.ts";

/** The five steps (the landing /valuacion-gratuita names them the same way). */
export const STEP_TITLES: Readonly<Record<ValuationStep, string>> = {
  1: "Tus datos",
  2: "Tu empresa",
  3: "Tus números",
  4: "Revisa y calcula",
  5: "Tu resultado",
};

export const WIZARD_COPY = {
  loading: "Cargando la herramienta de valuación…",
  steps: "Pasos de la valuación",
  progress: "Progreso de la valuación",
  home: "Puente, ir al inicio",
  exit: "Salir",
  back: "Atrás",
  next: "Siguiente",
  /** Spec section 2, verbatim. */
  submit: "Ver mi valuación",
  calculating: "Calculando tu valuación…",
  changeAnswers: "Cambiar mis datos",
} as const;

const sameView = (a: ValuationView, b: ValuationView): boolean => (Object.keys(a) as Array<keyof ValuationView>).every((key) => Object.is(a[key], b[key]));
const selectView = (snapshot: ValuationSnapshot): ValuationView => valuationView(statusOf(snapshot), snapshot.context);
const selectAnswers = (snapshot: ValuationSnapshot): ValuationAnswers => snapshot.context.answers;

/**
 * The free valuation wizard (spec sections 2, 4, 5, 8 and 9;
 * /valuacion-gratuita/herramienta, navbar and footer hidden). Loads the
 * industries, then runs the valuation machine (machines/valuation/); the page
 * renders the machine's view and sends its events.
 */
export default function ValuationToolPage(): JSX.Element {
  const industries = useQuery(catalogueQueryOptions("industries"));
  if (industries.isError) {
    return (
      <div className={styles.centered}>
        <QueryLoadError queries={[industries]} message={OPTIONS_LOAD_ERROR_MESSAGE} />
      </div>
    );
  }
  if (industries.data === undefined) {
    return (
      <div className={styles.centered}>
        <Spinner size="large" label={WIZARD_COPY.loading} />
      </div>
    );
  }
  return <Wizard industries={industries.data} />;
}

function Wizard({ industries }: { readonly industries: ReadonlyArray<SelectOption> }): JSX.Element {
  const actor = useActorRef(appValuationMachine, inspectOption);
  const view = useSelector(actor, selectView, sameView);
  const answers = useSelector(actor, selectAnswers);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useFocusOnChange(headingRef, view.step);

  // A refused Next moves focus to the first field with a message, which is read with it.
  useEffect(() => {
    if (view.refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>(INVALID_CONTROL_SELECTOR)?.focus();
  }, [view.refusals]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: view.formStep === null ? "valuation.submit" : "valuation.next" });
  };
  const back = () => actor.send({ type: "valuation.back" });
  const heading = (
    <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
      {STEP_TITLES[view.step]}
    </h1>
  );

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link href="/" variant="plain" aria-label={WIZARD_COPY.home} className={styles.logoLink}>
          <Logo />
        </Link>
        <Link href="/valuacion-gratuita">{WIZARD_COPY.exit}</Link>
      </header>
      <div className={styles.card}>
        <ProgressBar label={WIZARD_COPY.progress} value={view.progress} valueLabel={`Paso ${view.step} de 5`} />
        <ol className={styles.stepList} aria-label={WIZARD_COPY.steps}>
          {([1, 2, 3, 4, 5] as const).map((step) => (
            <li key={step} className={step === view.step ? `${styles.stepItem} ${styles.stepCurrent}` : styles.stepItem} {...(step === view.step ? { "aria-current": "step" as const } : {})}>
              {STEP_TITLES[step]}
            </li>
          ))}
        </ol>
        {view.result === null ? (
          <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit}>
            {heading}
            {view.formStep === null ? (
              <ReviewAnswers answers={answers} industries={industries} />
            ) : (
              <StepFields step={view.formStep} answers={answers} view={view} industries={industries} change={actor.send} />
            )}
            {view.isLoading ? (
              <div role="status" className={styles.loader}>
                <Spinner size="large" />
                <span>{WIZARD_COPY.calculating}</span>
              </div>
            ) : null}
            <div className={styles.actions}>
              {view.step > 1 ? (
                <Button variant="secondary" isDisabled={!view.canGoBack} onPress={back}>
                  {WIZARD_COPY.back}
                </Button>
              ) : (
                <span />
              )}
              {view.formStep === null ? (
                <Button type="submit" isPending={view.isLoading}>
                  {WIZARD_COPY.submit}
                </Button>
              ) : (
                <Button type="submit" isDisabled={!view.canGoNext}>
                  {WIZARD_COPY.next}
                </Button>
              )}
            </div>
          </form>
        ) : (
          <div className={styles.form}>
            {heading}
            <ValuationResult result={view.result} />
            <div className={styles.actions}>
              <Button variant="secondary" onPress={back}>
                {WIZARD_COPY.changeAnswers}
              </Button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
