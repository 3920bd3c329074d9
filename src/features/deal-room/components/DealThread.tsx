import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { CreateDealMessage, DEAL_MESSAGE_MAX_LENGTH, DEAL_ROOM_MESSAGES, type AccessRequest, type DealMessage } from "../../../../contracts/deal-room.ts";
import { LoadError, useLoadError } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { TextAreaField } from "../../../components/ui/TextAreaField.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useForm } from "../../../lib/form.ts";
import { schemaValidator } from "../../../lib/form-schema.ts";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { useCreateDealMessage } from "../api/create-deal-message.ts";
import { useDealMessages } from "../api/list-deal-messages.ts";
import { DEAL_ROLE_LABELS, formatDayTime } from "./deal-format.ts";
import { isSendShortcut, readReceipt, threadAccess, threadAnnouncement } from "./request-view.ts";
import * as styles from "./AccessRequestPage.css.ts";

const validateMessage = schemaValidator(CreateDealMessage);

function Message({ message }: { readonly message: DealMessage }) {
  const receipt = readReceipt(message);
  return (
    <li className={message.is_mine ? styles.mine : styles.theirs}>
      <p className={styles.messageMeta}>
        <span className={styles.sender}>{message.is_mine ? "Tú" : message.sender_name}</span>
        <span>· {DEAL_ROLE_LABELS[message.sender_role]}</span>
        <span>
          · <time dateTime={message.created_at}>{formatDayTime(message.created_at)}</time>
        </span>
      </p>
      <p className={styles.text}>{message.body}</p>
      {receipt === null ? null : (
        <p className={styles.messageMeta}>
          {receipt === "read" && message.read_at !== null ? `Leído el ${formatDayTime(message.read_at)}` : "Enviado, aún sin leer"}
        </p>
      )}
    </li>
  );
}

/** Ctrl+Enter (⌘+Enter) or 'Enviar'; the contract's messages for an empty or too long text. The focus stays in the box, ready for the next one. */
function Composer({ requestId }: { readonly requestId: number }) {
  const send = useCreateDealMessage(requestId);
  const form = useForm({
    initialValues: { body: "" },
    validate: validateMessage,
    submit: send.mutateAsync,
    onSuccess: (_message, _body, { setValues }) => setValues({ body: "" }),
  });
  return (
    <form ref={form.formRef} className={styles.form} noValidate onSubmit={form.onSubmit}>
      <TextAreaField
        {...form.field("body", {
          label: "Tu mensaje",
          description: `Ctrl + Enter (⌘ + Enter en Mac) para enviar. Máximo ${DEAL_MESSAGE_MAX_LENGTH.toLocaleString("es-MX")} caracteres.`,
        })}
        rows={3}
        onKeyDown={(event) => {
          if (!isSendShortcut(event)) {
            event.continuePropagation();
            return;
          }
          event.preventDefault();
          form.formRef.current?.requestSubmit();
        }}
      />
      <div className={styles.actions}>
        <Button type="submit" isPending={form.isSubmitting}>
          Enviar
        </Button>
      </div>
    </form>
  );
}

/**
 * The private conversation of a request (decision 023): oldest first, the
 * newest in view; my messages say whether they were read. New messages
 * and read receipts arrive as the live stream announces them (decision 032;
 * every 30 s while it is not open), and after sending; new messages are
 * announced in a polite live region that is always there. Closed before an
 * approval and, for the buyer, after a revocation.
 */
export function DealThread({ request }: { readonly request: AccessRequest }) {
  const access = threadAccess(request);
  const messages = useDealMessages(request.id, access.readable, request.viewer_role);
  const loadError = useLoadError([messages]);
  const titleId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const previous = useRef<ReadonlyArray<DealMessage> | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const items = messages.data?.items;
  // The thread closed since the request was loaded (a revocation): the server says so with a 409.
  const closedNow = messages.isError && isApiError(messages.error) && messages.error.status === 409;

  // The newest message in view whenever the list changes.
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (box !== null) box.scrollTop = box.scrollHeight;
  }, [items]);

  useEffect(() => {
    if (items === undefined) return;
    const said = threadAnnouncement(previous.current, items);
    previous.current = items;
    // A no-break space toggles so the same words ("Mensaje enviado.") are announced again.
    if (said !== null) setAnnouncement((last) => (last === said ? `${said}\u00a0` : said));
  }, [items]);

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Conversación
      </h2>
      <p className={visuallyHidden} aria-live="polite">
        {announcement}
      </p>
      {!access.readable || closedNow ? (
        <p className={styles.muted}>{DEAL_ROOM_MESSAGES.threadClosed}</p>
      ) : loadError.show ? (
        <LoadError onRetry={loadError.retry} isRetrying={loadError.isRetrying} message="No pudimos cargar la conversación." />
      ) : items === undefined ? (
        <Spinner label="Cargando la conversación" />
      ) : (
        <>
          {items.length === 0 ? (
            <p className={styles.muted}>Aún no hay mensajes. Escribe el primero: preséntate y cuenta qué te gustaría conversar.</p>
          ) : (
            <div ref={scrollRef} role="region" aria-label="Mensajes" tabIndex={0} className={styles.thread}>
              <ol className={styles.messages}>
                {items.map((message) => (
                  <Message key={message.id} message={message} />
                ))}
              </ol>
            </div>
          )}
          {access.writable ? <Composer requestId={request.id} /> : <p className={styles.muted}>{DEAL_ROOM_MESSAGES.threadClosed}</p>}
        </>
      )}
    </section>
  );
}
