import type { CompanyCard } from "../../contracts/marketplace.ts";
import { escapeHtml, htmlButton, htmlLayout, type MailMessage } from "../mail/mailer.ts";

/**
 * The e-mail of a saved-search alert: which of the buyer's saved searches a
 * newly listed company matched, and the facts its marketplace card shows
 * (reference, description with names and contact details masked, industry, state, ranges,
 * interests, verification). Never the company's name or contact: the
 * listing is confidential until the seller approves an access request.
 */

export interface SavedSearchAlert {
  readonly to: string;
  readonly name: string;
  /** The saved searches the listing matched, as the buyer named them. */
  readonly searchNames: ReadonlyArray<string>;
  readonly card: CompanyCard;
  readonly appUrl: string;
}

/** «a», «b» y «c»; line breaks a buyer typed into a name are spaces here (it also goes into the subject). */
const quoted = (names: ReadonlyArray<string>): string => {
  const each = names.map((name) => `«${name.replace(/\s+/g, " ")}»`);
  return each.length <= 1 ? (each[0] ?? "") : `${each.slice(0, -1).join(", ")} y ${each.at(-1) ?? ""}`;
};

const namesOf = (items: ReadonlyArray<{ readonly name: string }>): string | null => (items.length === 0 ? null : items.map((item) => item.name).join(", "));

/** The card's public facts, label and value, leaving out what the seller did not fill in. */
export function cardFacts(card: CompanyCard): ReadonlyArray<readonly [string, string]> {
  const facts: ReadonlyArray<readonly [string, string | null]> = [
    ["Referencia", card.human_id],
    ["Descripción", card.short_description],
    ["Industria", namesOf(card.industries)],
    ["Estado", card.state?.name ?? null],
    ["Tipo de empresa", card.company_type?.name ?? null],
    ["Ventas anuales", card.yearly_sales_range?.name ?? null],
    ["EBITDA", card.ebitda_range?.name ?? null],
    ["Busca", namesOf(card.interests)],
    ["Nivel de verificación", card.verification_level.name],
  ];
  return facts.flatMap(([label, value]) => (value === null || value.trim() === "" ? [] : [[label, value] as const]));
}

export function savedSearchAlertEmail(alert: SavedSearchAlert): MailMessage {
  const { card, searchNames, appUrl } = alert;
  const several = searchNames.length > 1;
  const subject = several
    ? `Nueva empresa en Puente que coincide con ${searchNames.length} de tus búsquedas guardadas`
    : `Nueva empresa en Puente que coincide con tu búsqueda ${quoted(searchNames)}`;
  const profile = `${appUrl}/perfil-de-negocio/${card.id}`;
  const marketplace = `${appUrl}/compra-una-empresa`;
  const intro = `Se publicó en Puente una empresa que coincide con ${several ? "tus búsquedas guardadas" : "tu búsqueda guardada"} ${quoted(searchNames)}.`;
  const confidential = "Por confidencialidad, el nombre de la empresa y sus datos de contacto se comparten solo cuando el vendedor aprueba tu solicitud de acceso.";
  const why = "Recibes este correo porque guardaste esta búsqueda en Puente. Si ya no quieres estos avisos, elimínala desde el marketplace.";
  const facts = cardFacts(card);
  const text = [
    `Hola, ${alert.name}:`,
    "",
    intro,
    "",
    ...facts.map(([label, value]) => `${label}: ${value}`),
    "",
    `Ve su perfil: ${profile}`,
    "",
    confidential,
    `${why} ${marketplace}`,
  ].join("\n");
  const html = htmlLayout(
    subject,
    `<p>Hola, ${escapeHtml(alert.name)}:</p>
<p>${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse;margin:8px 0 16px">
${facts.map(([label, value]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;color:#5b6577;font-weight:normal;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`).join("\n")}
</table>
<p>${htmlButton(profile, `Ver el perfil de ${card.human_id}`)}</p>
<p style="font-size:14px;color:#5b6577">${escapeHtml(confidential)}</p>
<p style="font-size:14px;color:#5b6577">${escapeHtml(why)} <a href="${escapeHtml(marketplace)}">Ir al marketplace</a></p>`,
  );
  return { to: alert.to, subject, text, html };
}
