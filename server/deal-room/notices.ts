import { ACCESS_STATUS_LABELS, LOI_STATUS_LABELS, type AccessDecision, type LoiDecision } from "../../contracts/deal-room.ts";
import { escapeHtml, htmlLayout, type MailMessage } from "../mail/mailer.ts";

/**
 * The deal room's e-mails (decision 023). Each names the listing only by its
 * public reference (PUE-0042), never the company, and links to the request's
 * page, which needs a log-in: an e-mail is read in places the NDA does not
 * reach. None carries a message's text, an offer's figures or anyone's
 * contact; names people typed are escaped.
 */

interface Notice {
  readonly to: string;
  readonly appUrl: string;
  readonly requestId: number;
  readonly humanId: string;
}

const requestPage = (notice: Notice): string => `${notice.appUrl}/solicitudes/${notice.requestId}`;

function mail(notice: Notice, subject: string, paragraphs: ReadonlyArray<string>, linkLabel: string): MailMessage {
  const link = requestPage(notice);
  const text = [...paragraphs.flatMap((paragraph) => [paragraph, ""]), `${linkLabel}: ${link}`].join("\n");
  const html = htmlLayout(
    subject,
    `${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p>`,
  );
  return { to: notice.to, subject, text, html };
}

/** To the company's contact: a buyer asked for the full profile. */
export function newRequestNotice(notice: Notice & { readonly buyerName: string }): MailMessage {
  return mail(
    notice,
    `Nueva solicitud de acceso a ${notice.humanId}`,
    [
      `${notice.buyerName} aceptó el acuerdo de confidencialidad y solicita acceso al perfil completo de tu empresa ${notice.humanId} en Puente.`,
      "Revisa su perfil de comprador y decide si apruebas o rechazas la solicitud. Hasta que la apruebes, no verá el nombre de tu empresa ni tus datos de contacto.",
    ],
    "Revisar la solicitud",
  );
}

const DECISION_TEXT: Readonly<Record<AccessDecision, string>> = {
  approved: "fue aprobada. Ya puedes ver el perfil completo de la empresa, los documentos que compartió y escribirle desde Puente.",
  rejected: "fue rechazada. Podrás solicitar acceso de nuevo más adelante.",
  revoked: "cambió: la empresa retiró tu acceso al perfil completo.",
};

/** To the buyer: the owner (or an admin) approved, rejected or revoked their request. */
export function decisionNotice(notice: Notice & { readonly decision: AccessDecision }): MailMessage {
  return mail(
    notice,
    `Tu solicitud de acceso a ${notice.humanId}: ${ACCESS_STATUS_LABELS[notice.decision]}`,
    [`Tu solicitud de acceso a la empresa ${notice.humanId} ${DECISION_TEXT[notice.decision]}`, "Recuerda que la información que recibas está protegida por el acuerdo de confidencialidad que aceptaste."],
    "Ver la solicitud",
  );
}

/** To the other party: a new message waits (never its text; sent only for the first unread one). */
export function newMessageNotice(notice: Notice): MailMessage {
  return mail(
    notice,
    `Tienes un mensaje nuevo sobre ${notice.humanId}`,
    [`Tienes un mensaje nuevo en la conversación sobre la empresa ${notice.humanId} en Puente.`, "Por confidencialidad no lo incluimos en este correo: inicia sesión para leerlo."],
    "Leer el mensaje",
  );
}

/** To the company's contact: the approved buyer sent a letter of intent (its figures stay in Puente). */
export function newLetterNotice(notice: Notice & { readonly buyerName: string }): MailMessage {
  return mail(
    notice,
    `Nueva carta de intención para ${notice.humanId}`,
    [
      `${notice.buyerName} te envió una carta de intención no vinculante para tu empresa ${notice.humanId}.`,
      "Revisa el monto, la participación y los términos en Puente, y acéptala o declínala.",
    ],
    "Revisar la carta de intención",
  );
}

/** To the buyer: the owner (or an admin) answered their letter of intent. */
export function letterDecisionNotice(notice: Notice & { readonly decision: LoiDecision }): MailMessage {
  return mail(
    notice,
    `Tu carta de intención para ${notice.humanId}: ${LOI_STATUS_LABELS[notice.decision]}`,
    [
      `La empresa ${notice.humanId} ${notice.decision === "accepted" ? "aceptó" : "declinó"} tu carta de intención.`,
      "La carta no es vinculante: los acuerdos se formalizan entre las partes.",
    ],
    "Ver la carta de intención",
  );
}

/** Who an access-end e-mail goes to: the buyer (their access) or the company (the buyer's access to it). */
type EndParty = "buyer" | "seller";

interface EndNotice extends Notice {
  readonly party: EndParty;
  /** The last day of access, written out ("31 de diciembre de 2026"). */
  readonly lastDay: string;
}

/** To both parties, a week before an approval's end (decision 050). */
export function accessEndingNotice(notice: EndNotice): MailMessage {
  return notice.party === "buyer"
    ? mail(
        notice,
        `Tu acceso a ${notice.humanId} termina el ${notice.lastDay}`,
        [
          `Tu acceso al perfil completo de la empresa ${notice.humanId}, a sus documentos y a la conversación termina el ${notice.lastDay}.`,
          "Si necesitas más tiempo, pídele a la empresa desde Puente que extienda tu acceso.",
        ],
        "Ver la solicitud",
      )
    : mail(
        notice,
        `El acceso del comprador a ${notice.humanId} termina el ${notice.lastDay}`,
        [
          `El acceso del comprador al perfil completo de tu empresa ${notice.humanId} termina el ${notice.lastDay}.`,
          "Si quieres que siga viendo el perfil, sus documentos y la conversación, extiende su acceso desde la solicitud.",
        ],
        "Revisar la solicitud",
      );
}

/** To both parties, when an approval's end has passed: the buyer's access ended as after a revocation. */
export function accessLapsedNotice(notice: EndNotice): MailMessage {
  return notice.party === "buyer"
    ? mail(
        notice,
        `Tu acceso a ${notice.humanId} terminó`,
        [
          `Tu acceso al perfil completo de la empresa ${notice.humanId} terminó el ${notice.lastDay}: ya no puedes ver sus documentos ni escribir en la conversación.`,
          "Recuerda que la información que recibiste sigue protegida por el acuerdo de confidencialidad que aceptaste.",
        ],
        "Ver la solicitud",
      )
    : mail(
        notice,
        `El acceso del comprador a ${notice.humanId} terminó`,
        [
          `El acceso del comprador al perfil completo de tu empresa ${notice.humanId} terminó el ${notice.lastDay}. Ya no ve tus documentos y la conversación quedó de solo lectura.`,
          "Puedes extender su acceso desde la solicitud.",
        ],
        "Revisar la solicitud",
      );
}
