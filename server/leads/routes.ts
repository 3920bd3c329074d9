import { createLeadEndpoint } from "../../contracts/leads.ts";
import { catalogueNames, requireChoices } from "../catalogues/names.ts";
import { leads } from "./schema.ts";
import type { RouteContext } from "../http/context.ts";
import type { Router } from "../http/router.ts";
import { escapeHtml, htmlLayout, type MailMessage } from "../mail/mailer.ts";

interface LeadMail {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly service: string;
  readonly referer: string;
}

/** The team notification for a new lead (plain text and HTML, user text escaped). */
export function leadNotification(to: string, lead: LeadMail): MailMessage {
  const rows: ReadonlyArray<readonly [string, string]> = [
    ["Nombre", lead.name],
    ["Email", lead.email],
    ["Teléfono", lead.phone],
    ["Servicio de interés", lead.service],
    ["Cómo se enteró de nosotros", lead.referer],
  ];
  const subject = `Nuevo contacto: ${lead.name} (${lead.service})`;
  const text = [
    `Llegó un nuevo contacto desde el formulario 'Habla con uno de nuestros expertos' (folio ${lead.id}).`,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    "Prometimos responder en menos de 24 horas.",
  ].join("\n");
  const html = htmlLayout(
    subject,
    `<p>Llegó un nuevo contacto desde el formulario <strong>Habla con uno de nuestros expertos</strong> (folio ${lead.id}).</p>
<table role="presentation" style="border-collapse:collapse">${rows
      .map(([label, value]) => `<tr><td style="padding:4px 12px 4px 0;color:#5b6577">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`)
      .join("")}</table>
<p>Prometimos responder en menos de 24 horas.</p>`,
  );
  return { to, subject, text, html };
}

/**
 * POST /api/leads (public): stores the contact request and e-mails the team.
 * Unknown catalogue ids are a 400 and store nothing. The lead and the
 * team's e-mail are stored in one transaction; the outbox delivers the
 * e-mail (retrying while the mail server is down), never in the answer.
 */
export function leadRoutes(router: Router, { db, mailer, teamEmail, rateLimiter }: RouteContext): void {
  router.serve(createLeadEndpoint, { guards: [rateLimiter.guard("leads")] }, async ({ body: lead, request }) => {
    const [service = "", referer = ""] = requireChoices(await catalogueNames(db), [
      { catalogue: "services_interested", id: lead.service_interested, error: createLeadEndpoint.errors.unknownService },
      { catalogue: "referers", id: lead.referer, error: createLeadEndpoint.errors.unknownReferer },
    ]);

    const email = lead.email.toLowerCase();
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(leads)
        .values({ name: lead.name, serviceInterestedId: lead.service_interested, email, phone: lead.phone, refererId: lead.referer })
        .returning({ id: leads.id });
      if (inserted === undefined) throw new Error("insert into leads returned no row");
      await mailer.enqueue(tx, leadNotification(teamEmail, { id: inserted.id, name: lead.name, email, phone: lead.phone, service, referer }));
      return inserted;
    });
    request.log.info({ leadId: row.id }, "lead created");
    return { id: row.id };
  });
}
