import { eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { LeadRequest, LeadResponse } from "../../contracts/leads.ts";
import type { Database } from "../db/open.ts";
import { leads, referers, servicesInterested } from "../db/schema.ts";
import { decodeBody } from "../http/decode.ts";
import { HttpError } from "../http/errors.ts";
import { escapeHtml, htmlLayout, type MailMessage } from "../mail/mailer.ts";
import type { RouteContext } from "./context.ts";

const decodeLead = decodeBody(LeadRequest);
const encodeResponse = Schema.encodeSync(LeadResponse);

export const LEAD_ERRORS = {
  unknownService: "El servicio seleccionado no existe. Elige una opción de la lista.",
  unknownReferer: "La opción de cómo te enteraste de nosotros no existe. Elige una opción de la lista.",
} as const;

async function catalogueName(db: Database, table: typeof referers | typeof servicesInterested, id: number): Promise<string | null> {
  const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, id)).limit(1);
  return row?.name ?? null;
}

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
 * Unknown catalogue ids are a 400 and store nothing. The lead is stored
 * before the e-mail is sent: if sending fails, the lead is kept (the team
 * still sees it) and the failure is logged rather than shown to the visitor.
 */
export function registerLeadRoutes(app: FastifyInstance, { db, mailer, teamEmail }: RouteContext): void {
  app.post("/leads", async (request, reply) => {
    const lead = decodeLead(request);
    const [service, referer] = await Promise.all([
      catalogueName(db, servicesInterested, lead.service_interested),
      catalogueName(db, referers, lead.referer),
    ]);
    if (service === null) throw new HttpError(400, LEAD_ERRORS.unknownService);
    if (referer === null) throw new HttpError(400, LEAD_ERRORS.unknownReferer);

    const email = lead.email.toLowerCase();
    const [row] = await db
      .insert(leads)
      .values({ name: lead.name, serviceInterestedId: lead.service_interested, email, phone: lead.phone, refererId: lead.referer })
      .returning({ id: leads.id });
    if (row === undefined) throw new Error("insert into leads returned no row");

    try {
      await mailer.send(leadNotification(teamEmail, { id: row.id, name: lead.name, email, phone: lead.phone, service, referer }));
    } catch (error) {
      request.log.error({ err: error, leadId: row.id }, "lead stored but the team notification failed");
    }
    request.log.info({ leadId: row.id }, "lead created");
    return reply.code(201).send(encodeResponse({ id: row.id }));
  });
}
