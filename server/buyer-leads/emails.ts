import { DEAL_TYPE_LABELS, type DealType } from "../../contracts/buyer-leads.ts";
import type { CompanyCard } from "../../contracts/marketplace.ts";
import { escapeHtml, htmlButton, htmlLayout, type MailMessage } from "../mail/mailer.ts";
import { cardFacts } from "../saved-searches/alert-email.ts";

/**
 * The mandates' e-mails: the team's notice of a new mandate, and the
 * contact's notice of a new listing that matches it. The latter carries only
 * what the listing's marketplace card shows (the saved-search alerts'
 * `cardFacts`: reference, masked description, ranges, state), never the
 * company's name or contact, and never the text the mandate's author typed
 * (not even the name they gave): whoever gives an address here must not be
 * able to send that address words of their own through us.
 */

const LONG_DATE = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: "America/Mexico_City" });
export const longDate = (date: Date): string => LONG_DATE.format(date);

/** Where we answer the people who write: the contact page names it too. */
const CONTACT_ADDRESS = "contacto@puente.mx";

const rowsTable = (rows: ReadonlyArray<readonly [string, string]>): string =>
  `<table role="presentation" style="border-collapse:collapse;margin:8px 0 16px">${rows
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:4px 12px 4px 0;color:#5b6577;font-weight:normal;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-line">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n")}</table>`;

export interface NewMatchEmail {
  readonly to: string;
  readonly card: CompanyCard;
  /** When the mandate was left, and until when it is matched. */
  readonly createdAt: Date;
  readonly activeUntil: Date;
  /** Whether the contact has an account: a visitor is invited to create one to ask for access. */
  readonly hasAccount: boolean;
  readonly appUrl: string;
}

/** A newly listed company that matches the mandate: its card's public facts and the way to its profile. */
export function newMatchEmail(match: NewMatchEmail): MailMessage {
  const { card, appUrl } = match;
  const subject = `Nueva empresa en Puente que coincide con lo que buscas (${card.human_id})`;
  const profile = `${appUrl}/perfil-de-negocio/${card.id}`;
  const signUp = `${appUrl}/registro`;
  const intro = `Se publicó en Puente una empresa que coincide con lo que nos dijiste que buscas el ${longDate(match.createdAt)}.`;
  const next = match.hasAccount
    ? "Inicia sesión para ver su perfil y pedir acceso a la información completa."
    : "Para ver su perfil y pedir acceso a la información completa, crea tu cuenta de comprador: es gratis.";
  const confidential = "Por confidencialidad, el nombre de la empresa y sus datos de contacto se comparten solo cuando el vendedor aprueba tu solicitud de acceso.";
  const why = `Recibes este correo porque nos dijiste en Puente qué empresa buscas. Te avisaremos de las nuevas empresas que coincidan hasta el ${longDate(match.activeUntil)}. Si no fuiste tú o ya no quieres estos avisos, escríbenos a ${CONTACT_ADDRESS} y los detenemos.`;
  const facts = cardFacts(card);
  const text = [
    "Hola:",
    "",
    intro,
    "",
    ...facts.map(([label, value]) => `${label}: ${value}`),
    "",
    next,
    `Ve su perfil: ${profile}`,
    ...(match.hasAccount ? [] : [`Crea tu cuenta: ${signUp}`]),
    "",
    confidential,
    why,
  ].join("\n");
  const html = htmlLayout(
    subject,
    `<p>Hola:</p>
<p>${escapeHtml(intro)}</p>
${rowsTable(facts)}
<p>${escapeHtml(next)}</p>
<p>${htmlButton(profile, `Ver el perfil de ${card.human_id}`)}</p>
${match.hasAccount ? "" : `<p><a href="${escapeHtml(signUp)}">Crear mi cuenta de comprador</a></p>`}
<p style="font-size:14px;color:#5b6577">${escapeHtml(confidential)}</p>
<p style="font-size:14px;color:#5b6577">${escapeHtml(why)}</p>`,
  );
  return { to: match.to, subject, text, html };
}

/** What the team reads of a new mandate: the contact, the criteria by name, and how many listings match now. */
export interface MandateNotice {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  /** The account's id, or null for a visitor. */
  readonly userId: number | null;
  readonly dealType: DealType;
  readonly industries: ReadonlyArray<string>;
  readonly states: ReadonlyArray<string>;
  readonly salesRanges: ReadonlyArray<string>;
  readonly ebitdaRanges: ReadonlyArray<string>;
  readonly ticket: string;
  readonly description: string;
  readonly matchingNow: number;
}

const listOr = (names: ReadonlyArray<string>, any: string): string => (names.length === 0 ? any : names.join(", "));

/** The team's notice (plain text and HTML, the author's text escaped). */
export function mandateNotice(to: string, mandate: MandateNotice): MailMessage {
  const rows: ReadonlyArray<readonly [string, string]> = [
    ["Nombre", mandate.name],
    ["Email", mandate.email],
    ["Teléfono", mandate.phone ?? "No registrado"],
    ["Cuenta", mandate.userId === null ? "Visitante (sin cuenta)" : `Usuario ${mandate.userId}`],
    ["Operación", DEAL_TYPE_LABELS[mandate.dealType]],
    ["Sectores", mandate.industries.join(", ")],
    ["Estados", listOr(mandate.states, "Todo México")],
    ["Ventas anuales", listOr(mandate.salesRanges, "Cualquiera")],
    ["EBITDA", listOr(mandate.ebitdaRanges, "Cualquiera")],
    ["Ticket de inversión", mandate.ticket],
    ["Lo que busca", mandate.description],
    ["Empresas publicadas que coinciden hoy", String(mandate.matchingNow)],
  ];
  const subject = `Nueva búsqueda de comprador: ${mandate.name.replace(/\s+/g, " ")} (${DEAL_TYPE_LABELS[mandate.dealType]})`;
  const intro = `Un comprador nos dijo qué empresa busca (folio ${mandate.id}). Le avisaremos por correo de cada empresa nueva que coincida.`;
  const text = [intro, "", ...rows.map(([label, value]) => `${label}: ${value}`)].join("\n");
  const html = htmlLayout(subject, `<p>${escapeHtml(intro)}</p>\n${rowsTable(rows)}`);
  return { to, subject, text, html };
}
