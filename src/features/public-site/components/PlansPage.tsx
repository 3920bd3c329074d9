import { ACELERA, PLAN_COPY, PLANS_NOTE, PLANS_PAGE, planAnchor } from "../../../../content/plans.ts";
import { formatMxn } from "../../../../content/format.ts";
import { planChange } from "../../../../contracts/plan-change.ts";
import type { Plan, PlanId } from "../../../../contracts/subscriptions.ts";
import { QueryLoadError } from "../../../components/LoadError.tsx";
import type { Retryable } from "../../../components/load-error-state.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import * as styles from "./marketing.css.ts";

interface PlanGroup {
  readonly name: string;
  readonly monthly: Plan | undefined;
  readonly quarterly: Plan | undefined;
}

/** One card per plan name, with its monthly and quarterly prices, in the table's order. */
export function groupPlans(plans: ReadonlyArray<Plan>): ReadonlyArray<PlanGroup> {
  const names = [...new Set(plans.map((plan) => plan.name))];
  return names.map((name) => ({
    name,
    monthly: plans.find((plan) => plan.name === name && plan.interval === "month"),
    quarterly: plans.find((plan) => plan.name === name && plan.interval === "quarter"),
  }));
}

const withIva = (plan: Plan): string => (plan.plus_iva ? " + IVA" : "");

/** The signed-in person's paid plan, as the plans page marks it. */
export interface CurrentPlan {
  readonly planId: PlanId;
  readonly nickname: string;
  /** "27 de diciembre de 2026": the end of the period paid for (access ends then when cancelled). */
  readonly paidUntil: string | null;
  readonly isCancelled: boolean;
  readonly isResuming: boolean;
  /** The plan chosen for when this one ends (a downgrade), if any. */
  readonly scheduled: { readonly planId: PlanId; readonly nickname: string } | null;
}

/** What the plans page says to someone who already pays: which plan is theirs, until when, and how to change it. */
export function currentPlanNote(current: CurrentPlan): string {
  const until = current.paidUntil === null ? "que termine el periodo pagado" : `el ${current.paidUntil}`;
  if (current.scheduled !== null) {
    return `Tu plan ${current.nickname} sigue pagado hasta ${until}; ese día cambiarás a ${current.scheduled.nickname} y te pediremos su pago. Nada se cobra antes.`;
  }
  return current.isCancelled
    ? `Cancelaste tu plan ${current.nickname}: sigue pagado hasta ${until}. Puedes reanudarlo sin pagar de nuevo, subir de plan ahora (se descuenta lo que no has usado) o elegir otro cuando termine.`
    : `Tu plan ${current.nickname} está pagado hasta ${until}. Subir de plan empieza hoy y se descuenta lo que no has usado; bajar de plan empieza cuando termine tu periodo, sin pagar dos veces los mismos días.`;
}

export interface PlansPageProps {
  /** The server's plan table; undefined while it loads. */
  readonly plans: ReadonlyArray<Plan> | undefined;
  /** The plan table's query, for the error state and its retry. */
  readonly queries: ReadonlyArray<Retryable>;
  readonly onChoose: (plan: PlanId) => void;
  /** The plan whose checkout is being prepared. */
  readonly pendingPlan: PlanId | null;
  /** A plan chosen before logging in (`?plan=`): offered again at the top. */
  readonly resumePlan: Plan | undefined;
  /** The signed-in person's paid plan, if any: marked, and the other plans wait until it ends. */
  readonly current?: CurrentPlan | null;
  /** 'Reanudar plan' on the current plan's card, while it is cancelled. */
  readonly onResume?: () => void;
  /** A downgrade: chosen now, it starts when the current period ends. */
  readonly onSchedule?: (plan: PlanId) => void;
  /** 'Mantener mi plan actual': drops the scheduled change. */
  readonly onKeep?: () => void;
  /** A scheduling request in flight. */
  readonly isScheduling?: boolean;
}

const CURRENT_NOTE_ID = "plan-actual-nota";

function ChooseButton({
  plan,
  label,
  onChoose,
  pendingPlan,
  primary,
  current = null,
  currentPlan,
  onResume,
  onSchedule,
  isScheduling = false,
}: {
  readonly plan: Plan;
  readonly label: string;
  readonly onChoose: (plan: PlanId) => void;
  readonly pendingPlan: PlanId | null;
  readonly primary: boolean;
  readonly current?: CurrentPlan | null;
  /** The current plan's row of the table (for what another plan would be: an upgrade or a downgrade). */
  readonly currentPlan?: Plan | undefined;
  readonly onResume?: (() => void) | undefined;
  readonly onSchedule?: ((plan: PlanId) => void) | undefined;
  readonly isScheduling?: boolean;
}) {
  if (current !== null && current.planId === plan.id) {
    // Their own plan: resumed while cancelled, otherwise nothing to buy.
    return current.isCancelled && current.scheduled === null && onResume !== undefined ? (
      <Button variant="primary" onPress={onResume} isPending={current.isResuming} aria-label={`Reanudar ${plan.nickname}`}>
        Reanudar plan
      </Button>
    ) : (
      <p className={styles.stepTitle}>Es tu plan actual</p>
    );
  }
  // Another plan while one is paid: an upgrade starts now with the unused days credited; a downgrade when the period ends.
  const change = current === null || currentPlan === undefined ? null : planChange(currentPlan, plan);
  if (current !== null && current.scheduled?.planId === plan.id) return <p className={styles.stepTitle}>Empieza cuando termine tu plan actual</p>;
  if (change === "downgrade" && onSchedule !== undefined) {
    return (
      <Button variant="secondary" onPress={() => onSchedule(plan.id)} isPending={isScheduling} aria-label={`Cambiar a ${plan.nickname} al terminar el periodo`} aria-describedby={CURRENT_NOTE_ID}>
        Cambiar al terminar el periodo
      </Button>
    );
  }
  return (
    <Button
      variant={primary ? "primary" : "secondary"}
      onPress={() => onChoose(plan.id)}
      isPending={pendingPlan === plan.id}
      isDisabled={change === "downgrade" || isScheduling || (pendingPlan !== null && pendingPlan !== plan.id)}
      aria-label={change === "upgrade" ? `Cambiar a ${plan.nickname}` : `Elegir ${plan.nickname}`}
      {...(current === null ? {} : { "aria-describedby": CURRENT_NOTE_ID })}
    >
      {change === "upgrade" ? label.replace(/^Elegir/, "Cambiar a") : label}
    </Button>
  );
}

export default function PlansPage({ plans, queries, onChoose, pendingPlan, resumePlan, current = null, onResume, onSchedule, onKeep, isScheduling = false }: PlansPageProps) {
  const mine = (plan: Plan | undefined) => current !== null && plan !== undefined && plan.id === current.planId;
  const currentPlanRow = current === null ? undefined : plans?.find((plan) => plan.id === current.planId);
  return (
    <>
      <section className={styles.section} aria-labelledby={PLANS_PAGE.anchor}>
        <div className={`${styles.heroText} ${styles.narrow}`}>
          <p className={styles.eyebrow}>{PLANS_PAGE.title}</p>
          <h1 id={PLANS_PAGE.anchor} className={styles.heroTitle}>
            {PLANS_PAGE.heading}
          </h1>
          <p className={styles.lead}>{PLANS_PAGE.lead}</p>
        </div>
      </section>
      {current === null ? null : (
        <section className={`${styles.section} ${styles.narrow}`} aria-labelledby="plan-actual-titulo">
          <div className={`${styles.card} ${styles.cardFeatured}`}>
            <h2 id="plan-actual-titulo" className={styles.h2}>
              Tu plan: {current.nickname}
            </h2>
            <p id={CURRENT_NOTE_ID}>{currentPlanNote(current)}</p>
            <div className={`${styles.cardFooter} ${styles.cardActions}`}>
              {current.scheduled !== null && onKeep !== undefined ? (
                <Button variant="primary" onPress={onKeep} isPending={isScheduling}>
                  Mantener mi plan actual
                </Button>
              ) : null}
              <Link href="/mi-perfil?tab=configuracion" variant="secondary">
                Ir a Configuración
              </Link>
            </div>
          </div>
        </section>
      )}
      {resumePlan === undefined || current !== null ? null : (
        <section className={`${styles.section} ${styles.narrow}`} aria-labelledby="plan-resume-title">
          <div className={`${styles.card} ${styles.cardFeatured}`}>
            <h2 id="plan-resume-title" className={styles.h2}>
              Continúa con {resumePlan.nickname}
            </h2>
            <p>
              {formatMxn(resumePlan.amount_mxn)} MXN{withIva(resumePlan)} {resumePlan.interval === "month" ? "al mes" : "cada 3 meses"}. El pago se abre en
              una pestaña nueva.
            </p>
            <div className={styles.cardFooter}>
              <ChooseButton plan={resumePlan} label="Ir al pago" onChoose={onChoose} pendingPlan={pendingPlan} primary />
            </div>
          </div>
        </section>
      )}
      <section className={styles.section} aria-label="Planes disponibles">
        <QueryLoadError queries={queries} />
        {plans === undefined ? (
          queries.some((query) => query.isError) ? null : <Spinner label="Cargando planes" />
        ) : (
          <ul className={styles.grid3}>
            {groupPlans(plans).map((group) => {
              const first = group.monthly ?? group.quarterly;
              if (first === undefined) return null;
              const copy = PLAN_COPY[group.name];
              return (
                <li
                  key={group.name}
                  className={first.is_most_popular ? `${styles.card} ${styles.cardFeatured}` : styles.card}
                  aria-labelledby={planAnchor(first.id)}
                >
                  {mine(group.monthly) || mine(group.quarterly) ? (
                    <span className={styles.badge}>Tu plan</span>
                  ) : first.is_most_popular ? (
                    <span className={styles.badge}>Más popular</span>
                  ) : null}
                  <h2 id={planAnchor(first.id)} className={styles.h2}>
                    {group.name}
                  </h2>
                  {copy === undefined ? null : <p className={styles.muted}>{copy.summary}</p>}
                  {group.monthly === undefined ? null : (
                    <p>
                      <span className={styles.price}>{formatMxn(group.monthly.amount_mxn)} MXN</span> al mes{withIva(group.monthly)}
                    </p>
                  )}
                  {group.quarterly === undefined ? null : (
                    <p>
                      o {formatMxn(group.quarterly.amount_mxn)} MXN cada 3 meses{withIva(group.quarterly)}
                    </p>
                  )}
                  <p className={styles.stepTitle}>Comisión de éxito: {first.success_fee_percent}% + IVA</p>
                  {copy === undefined ? null : (
                    <ul className={styles.list}>
                      {copy.features.map((feature) => (
                        <li key={feature}>{feature}</li>
                      ))}
                    </ul>
                  )}
                  <div className={`${styles.cardFooter} ${styles.cardActions}`}>
                    {group.monthly === undefined ? null : (
                      <ChooseButton
                        plan={group.monthly}
                        label="Elegir mensual"
                        onChoose={onChoose}
                        pendingPlan={pendingPlan}
                        primary={first.is_most_popular}
                        current={current}
                        currentPlan={currentPlanRow}
                        onResume={onResume}
                        onSchedule={onSchedule}
                        isScheduling={isScheduling}
                      />
                    )}
                    {group.quarterly === undefined ? null : (
                      <ChooseButton
                        plan={group.quarterly}
                        label="Elegir trimestral"
                        onChoose={onChoose}
                        pendingPlan={pendingPlan}
                        primary={false}
                        current={current}
                        currentPlan={currentPlanRow}
                        onResume={onResume}
                        onSchedule={onSchedule}
                        isScheduling={isScheduling}
                      />
                    )}
                  </div>
                </li>
              );
            })}
            <li className={styles.card} aria-labelledby={planAnchor("acelera")}>
              <h2 id={planAnchor("acelera")} className={styles.h2}>
                {ACELERA.name}
              </h2>
              <p className={styles.muted}>{ACELERA.summary}</p>
              <p className={styles.price}>{ACELERA.price}</p>
              <ul className={styles.list}>
                {ACELERA.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <div className={styles.cardFooter}>
                <Link href="/contacto" variant="secondary">
                  Solicitar demo
                </Link>
              </div>
            </li>
          </ul>
        )}
        <p className={styles.small}>{PLANS_NOTE}</p>
      </section>
    </>
  );
}
