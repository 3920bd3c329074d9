import { useId, useState } from "react";
import { CreateLetterOfIntent, DEAL_ROOM_MESSAGES, LOI_TERMS_MAX_LENGTH, type AccessRequest, type LetterOfIntent, type LoiDecision } from "../../../../contracts/deal-room.ts";
import { LoadError, useLoadError } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { RadioGroup } from "../../../components/ui/RadioGroup.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { TextAreaField } from "../../../components/ui/TextAreaField.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { useForm } from "../../../lib/form.ts";
import { validateForm } from "../../../lib/form-schema.ts";
import { toastApiError, toastSuccess } from "../../../lib/toast.ts";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { useCreateLetterOfIntent } from "../api/create-letter-of-intent.ts";
import { useDecideLetterOfIntent } from "../api/decide-letter-of-intent.ts";
import { useLettersOfIntent } from "../api/list-letters-of-intent.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { formatDay, formatLoiAmount, formatStake } from "./deal-format.ts";
import { CURRENCY_OPTIONS, currencyId, currencyOf, EMPTY_LETTER, letterBodyOf, type LetterFormValues } from "./letter-form.ts";
import { canDecideLetters, canSendLetter, letterDecisionConfirmation } from "./request-view.ts";
import { LetterStatusBadge } from "./StatusBadge.tsx";
import * as styles from "./AccessRequestPage.css.ts";

/** The status line of a letter: where the focus lands once its buttons are gone. */
const letterStatusId = (letterId: number): string => `carta-${letterId}-estado`;

const validateLetter = (values: LetterFormValues) => validateForm(CreateLetterOfIntent, letterBodyOf(values));

interface LetterItemProps {
  readonly letter: LetterOfIntent;
  readonly canDecide: boolean;
  /** An answer is being sent: the buttons wait (the dialog that asks first is modal already). */
  readonly isBusy: boolean;
  readonly onAnswer: (status: LoiDecision) => void;
}

function LetterItem({ letter, canDecide, isBusy, onAnswer }: LetterItemProps) {
  const amount = formatLoiAmount(letter.amount, letter.currency);
  return (
    <li className={styles.letter}>
      <div className={styles.letterHeader}>
        <p className={styles.amount}>{amount}</p>
        <p id={letterStatusId(letter.id)} tabIndex={-1} className={styles.statusLine}>
          <span className={visuallyHidden}>Estado de la carta: </span>
          <LetterStatusBadge status={letter.status} />
        </p>
      </div>
      <dl className={styles.facts}>
        <dt className={styles.term}>Participación</dt>
        <dd className={styles.value}>{formatStake(letter.stake_percentage)}</dd>
        <dt className={styles.term}>Enviada el</dt>
        <dd className={styles.value}>{formatDay(letter.created_at)}</dd>
        {letter.decided_at === null ? null : (
          <>
            <dt className={styles.term}>Respondida el</dt>
            <dd className={styles.value}>{formatDay(letter.decided_at)}</dd>
          </>
        )}
        <dt className={styles.term}>Términos</dt>
        <dd className={`${styles.value} ${styles.text}`}>{letter.terms}</dd>
      </dl>
      {canDecide && letter.status === "pending" ? (
        <div className={styles.actions}>
          <Button isDisabled={isBusy} onPress={() => onAnswer("accepted")}>
            Aceptar<span className={visuallyHidden}> la carta de intención de {amount}</span>
          </Button>
          <Button variant="secondary" isDisabled={isBusy} onPress={() => onAnswer("declined")}>
            Declinar<span className={visuallyHidden}> la carta de intención de {amount}</span>
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The approved buyer's offer: the app's currency input for the amount, MXN or USD, the stake and the terms; the contract's messages on submit. */
function LetterForm({ requestId }: { readonly requestId: number }) {
  const create = useCreateLetterOfIntent(requestId);
  const titleId = useId();
  const form = useForm({
    initialValues: EMPTY_LETTER,
    validate: validateLetter,
    submit: create.mutateAsync,
    onSuccess: (_letter, _body, { setValues }) => {
      toastSuccess(DEAL_ROOM_MESSAGES.loiSent);
      setValues(EMPTY_LETTER);
    },
  });
  return (
    <section aria-labelledby={titleId} className={styles.form}>
      <h3 id={titleId} className={styles.sectionTitle}>
        Enviar una carta de intención
      </h3>
      <p className={styles.muted}>La carta no es vinculante: expresa tu oferta para negociar con la empresa. Podrás enviar otra cuando responda.</p>
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={form.onSubmit}>
        <div className={styles.formRow}>
          <TextField {...form.money("amount", { label: "Monto ofrecido" })} />
          <TextField {...form.percent("stake_percentage", { label: "Participación (%)", description: "De 0 a 100; 0 si ofreces deuda o un convertible." })} />
        </div>
        <RadioGroup {...form.field("currency", { label: "Moneda", format: currencyId, parse: currencyOf })} options={CURRENCY_OPTIONS} />
        <TextAreaField
          {...form.field("terms", {
            label: "Términos principales",
            description: `Forma de pago, plazos, condiciones y lo que necesitas revisar antes de cerrar. Máximo ${LOI_TERMS_MAX_LENGTH.toLocaleString("es-MX")} caracteres.`,
          })}
          rows={5}
        />
        <div className={styles.actions}>
          <Button type="submit" isPending={form.isSubmitting}>
            Enviar carta de intención
          </Button>
        </div>
      </form>
    </section>
  );
}

/**
 * Letters of intent (decision 023): the history for both parties, newest
 * first; the approved buyer's form while no letter waits for an answer; the
 * company's 'Aceptar' and 'Declinar', each asked first in a dialog that
 * restates the amount, the stake and the terms (decision 035).
 */
export function LettersOfIntent({ request }: { readonly request: AccessRequest }) {
  const letters = useLettersOfIntent(request.id, request.viewer_role);
  const loadError = useLoadError([letters]);
  const decide = useDecideLetterOfIntent();
  const [answering, setAnswering] = useState<{ readonly letter: LetterOfIntent; readonly status: LoiDecision } | null>(null);
  const titleId = useId();
  const items = letters.data?.items;
  const hasPending = items?.some((letter) => letter.status === "pending") ?? false;
  const mayDecide = canDecideLetters(request);

  const answer = ({ letter, status }: { readonly letter: LetterOfIntent; readonly status: LoiDecision }) =>
    decide.mutate(
      { letter, status },
      {
        onSuccess: () => {
          toastSuccess(status === "accepted" ? DEAL_ROOM_MESSAGES.loiAccepted : DEAL_ROOM_MESSAGES.loiDeclined);
          setAnswering(null);
          // The buttons are gone: the focus goes to the letter's new status (after the dialog gave it back, if one was open).
          window.setTimeout(() => {
            const active = document.activeElement;
            if (active === null || active === document.body) document.getElementById(letterStatusId(letter.id))?.focus();
          }, 0);
        },
        onError: (error) => {
          toastApiError(error);
          setAnswering(null);
        },
      },
    );

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Cartas de intención
      </h2>
      {loadError.show ? (
        <LoadError onRetry={loadError.retry} isRetrying={loadError.isRetrying} message="No pudimos cargar las cartas de intención." />
      ) : items === undefined ? (
        <Spinner label="Cargando las cartas de intención" />
      ) : (
        <>
          {items.length === 0 ? (
            <p className={styles.muted}>Aún no hay cartas de intención en esta solicitud.</p>
          ) : (
            <ol className={styles.letters} aria-labelledby={titleId}>
              {items.map((letter) => (
                <LetterItem key={letter.id} letter={letter} canDecide={mayDecide} isBusy={decide.isPending} onAnswer={(status) => setAnswering({ letter, status })} />
              ))}
            </ol>
          )}
          {canSendLetter(request, hasPending) ? <LetterForm requestId={request.id} /> : null}
          {request.viewer_role === "buyer" && request.status === "approved" && hasPending ? (
            <p className={styles.muted}>{DEAL_ROOM_MESSAGES.loiPending} Podrás enviar otra cuando la empresa responda.</p>
          ) : null}
          {request.viewer_role === "buyer" && request.status !== "approved" ? <p className={styles.muted}>{DEAL_ROOM_MESSAGES.loiClosed}</p> : null}
        </>
      )}
      <ConfirmDialog
        confirmation={answering === null ? null : letterDecisionConfirmation(answering.letter, answering.status)}
        isPending={decide.isPending}
        onConfirm={() => {
          if (answering !== null) answer(answering);
        }}
        onCancel={() => setAnswering(null)}
      />
    </section>
  );
}
