import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { inspectOption } from "../../../lib/xstate-inspect.ts";
import { useEffect, useMemo, useRef, useState, type JSX } from "react";
import { useLocation, useParams } from "wouter";
import { fromPromise } from "xstate";
import type { CataloguePath } from "../../../../contracts/catalogues.ts";
import type { OnboardingSummary } from "../../../../contracts/onboarding.ts";
import { onboardingMachine, statusOf, type OnboardingChange, type OnboardingSnapshot } from "../../../../machines/onboarding/onboarding.machine.ts";
import { exitRoute, onboardingView, type OnboardingView } from "../../../../machines/onboarding/selectors.ts";
import { stepMessages } from "../../../../machines/onboarding/step-checks.ts";
import type { NotifyTeamInput, OnboardingAnswers, SaveStepInput } from "../../../../machines/onboarding/types.ts";
import { OPTIONS_LOAD_ERROR_MESSAGE, QueryLoadError } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { useFocusOnChange } from "../../../hooks/useFocusOnChange.ts";
import { catalogueQueryOptions } from "../../../lib/api/get-catalogue.ts";
import { useSessionSend } from "../../../lib/session.tsx";
import { INVALID_CONTROL_SELECTOR } from "../../../lib/form.ts";
import { NO_FIELD_MESSAGES, type FieldMessages } from "../../../lib/form-fields.ts";
import { toastApiError } from "../../../lib/toast.ts";
import { useOnboarding } from "../api/get-onboarding.ts";
import { notifyTeam } from "../api/notify-team.ts";
import { onboardingKeys } from "../api/onboarding-keys.ts";
import { saveOnboardingStep } from "../state/save-step.ts";
import { summaryToSaved } from "../state/step-saves.ts";
import * as styles from "./OnboardingWizard.css.ts";
import { StepFields, type Catalogues, type ChangeSection } from "./StepFields.tsx";
import { STEP_TITLES } from "./step-titles.ts";

export const WIZARD_COPY = {
  loading: "Cargando onboarding…",
  back: "Atrás",
  next: "Siguiente",
  finish: "Finalizar",
  finishing: "Enviando tu información al equipo…",
  steps: "Pasos del onboarding",
  progress: "Progreso del onboarding",
  addShareholder: "Agregar accionista",
  addUse: "Agregar destino",
  remove: "Eliminar",
} as const;

const CATALOGUES = ["societies", "tax-systems", "interests", "company_characteristics", "company_attributes", "funding_structures"] as const satisfies ReadonlyArray<CataloguePath>;

const sameView = (a: OnboardingView, b: OnboardingView): boolean =>
  (Object.keys(a) as Array<keyof OnboardingView>).every((key) => Object.is(a[key], b[key]));
const selectView = (snapshot: OnboardingSnapshot): OnboardingView => onboardingView(statusOf(snapshot), snapshot.context);
const selectAnswers = (snapshot: OnboardingSnapshot): OnboardingAnswers => snapshot.context.answers;

/**
 * The onboarding wizard (spec sections 2, 4, 5 and 7; /onboarding/{id},
 * navbar hidden). Loads the summary, then runs the onboarding machine
 * (machines/onboarding/) from it; the page only renders the machine's view
 * and sends its events.
 */
export default function OnboardingWizardPage(): JSX.Element {
  const params = useParams<{ id: string }>();
  const companyId = Number(params.id);
  const summary = useOnboarding(companyId);
  const catalogueQueries = useQueries({ queries: CATALOGUES.map((path) => catalogueQueryOptions(path)) });

  if (summary.isError) {
    return (
      <div className={styles.centered}>
        <QueryLoadError queries={[summary]} />
      </div>
    );
  }
  if (catalogueQueries.some((query) => query.isError)) {
    return (
      <div className={styles.centered}>
        <QueryLoadError queries={catalogueQueries} message={OPTIONS_LOAD_ERROR_MESSAGE} />
      </div>
    );
  }
  const catalogueData = catalogueQueries.map((query) => query.data);
  if (summary.data === undefined || catalogueData.some((data) => data === undefined)) {
    return (
      <div className={styles.centered}>
        <Spinner size="large" label={WIZARD_COPY.loading} />
      </div>
    );
  }
  const catalogues = Object.fromEntries(CATALOGUES.map((path, index) => [path, catalogueData[index] ?? []])) as Catalogues;
  return <Wizard summary={summary.data} catalogues={catalogues} />;
}

function Wizard({ summary, catalogues }: { readonly summary: OnboardingSummary; readonly catalogues: Catalogues }): JSX.Element {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const sessionSend = useSessionSend();
  // Every save answers the summary: steps 4, 5 and 8 complete their bodies with what earlier steps saved.
  const latest = useRef<OnboardingSummary>(summary);
  const provided = useMemo(
    () =>
      onboardingMachine.provide({
        actors: {
          saveStep: fromPromise<unknown, SaveStepInput>(async ({ input }) => {
            latest.current = await saveOnboardingStep(input, latest.current);
            return latest.current;
          }),
          notifyTeam: fromPromise<unknown, NotifyTeamInput>(({ input }) => notifyTeam(input.companyId)),
        },
        actions: { reportFailure: (_, params: { error: unknown }) => toastApiError(params.error) },
      }),
    [],
  );
  const actor = useActorRef(provided, { input: { companyId: summary.company_id, saved: summaryToSaved(summary) }, ...inspectOption });
  const view = useSelector(actor, selectView, sameView);
  const answers = useSelector(actor, selectAnswers);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The messages of a refused Next, kept for the step they were said on.
  const [refused, setRefused] = useState<{ readonly step: number | null; readonly messages: FieldMessages }>({ step: null, messages: NO_FIELD_MESSAGES });
  const stepErrors = refused.step === view.formStep ? refused.messages : NO_FIELD_MESSAGES;

  const target = exitRoute(view.status);
  useEffect(() => {
    if (target === null) return;
    if (view.status === "completed") {
      // The server marked the owner's onboarding completed; the session follows now (the red dot), the token on next sign-in.
      sessionSend({ type: "session.onboardingCompleted" });
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.summary(summary.company_id) });
    }
    navigate(target);
  }, [target, view.status, navigate, queryClient, sessionSend, summary.company_id]);

  // A refused Next moves focus to the first field with a message, which is read with it.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(refused.messages).length === 0) return;
    formRef.current?.querySelector<HTMLElement>(INVALID_CONTROL_SELECTOR)?.focus();
  }, [refused]);

  // A new step moves focus to its title, so keyboard and screen-reader users start at the top of the form.
  useFocusOnChange(headingRef, view.formStep);

  const change: ChangeSection = (section, value) => actor.send({ type: "onboarding.change", section, value } as OnboardingChange);

  const percent = Math.round(view.progress * 100);
  return (
    <div className={styles.shell}>
      <nav className={styles.sidebar} aria-label={WIZARD_COPY.steps}>
        <p className={styles.brand}>Puente</p>
        <ol className={styles.stepList}>
          {view.visibleSteps.map((step) => (
            <li
              key={step}
              className={[styles.stepItem, step === view.step ? styles.stepCurrent : ""].filter(Boolean).join(" ")}
              {...(step === view.step ? { "aria-current": "step" as const } : {})}
            >
              {STEP_TITLES[step]}
            </li>
          ))}
        </ol>
      </nav>
      <div className={styles.main}>
        <div>
          <div
            role="progressbar"
            aria-label={WIZARD_COPY.progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`Paso ${Math.min(view.step, 10)} de 10`}
            className={styles.progressTrack}
          >
            <div className={styles.progressFill} style={{ width: `${percent}%` }} />
          </div>
          <p className={styles.progressLabel}>{`${percent}%`}</p>
        </div>
        {view.formStep === null ? (
          <Spinner size="large" label={WIZARD_COPY.finishing} />
        ) : (
          <form
            ref={formRef}
            className={styles.form}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (view.formStep !== null) {
                const messages = stepMessages(answers, view.formStep);
                setRefused({ step: view.formStep, messages });
                // Nothing is sent: the messages are at the fields, and the focus goes to the first (see the effect above).
                if (Object.keys(messages).length > 0) return;
              }
              actor.send({ type: "onboarding.next" });
            }}
          >
            <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
              {STEP_TITLES[view.formStep]}
            </h1>
            <StepFields step={view.formStep} answers={answers} view={view} catalogues={catalogues} change={change} send={actor.send} errors={stepErrors} />
            <div className={styles.actions}>
              <Button variant="secondary" isDisabled={!view.canGoBack} onPress={() => actor.send({ type: "onboarding.back" })}>
                {WIZARD_COPY.back}
              </Button>
              <Button type="submit" isDisabled={!view.canGoNext && !view.isBusy} isPending={view.isBusy}>
                {view.formStep === 8 ? WIZARD_COPY.finish : WIZARD_COPY.next}
              </Button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
