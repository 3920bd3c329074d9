import type { InterestMessageRequest } from "../../contracts/marketplace.ts";
import type { Database } from "../db/open.ts";
import { interestMessages } from "./schema.ts";
import { escapeHtml, htmlLayout, type MailMessage } from "../mail/mailer.ts";

export interface InterestMessageInput extends InterestMessageRequest {
  readonly companyId: number;
  readonly senderUserId: number;
}

export async function storeInterestMessage(db: Database, input: InterestMessageInput): Promise<{ id: number }> {
  const [row] = await db
    .insert(interestMessages)
    .values({
      companyId: input.companyId,
      senderUserId: input.senderUserId,
      name: input.name,
      email: input.email,
      humanId: input.human_id,
      summary: input.summary,
    })
    .returning({ id: interestMessages.id });
  if (row === undefined) throw new Error("storeInterestMessage: no id returned");
  return row;
}

/** The e-mail to the company's contact: who wrote, how to reach them, what they said (escaped). */
export function interestMessageMail(to: string, message: InterestMessageRequest & { readonly appUrl: string; readonly companyId: number }): MailMessage {
  const subject = `Nuevo mensaje de interés para ${message.human_id}`;
  const text = [
    `Un usuario de Puente está interesado en tu empresa ${message.human_id}.`,
    "",
    `Nombre: ${message.name}`,
    `Email: ${message.email}`,
    "",
    "Mensaje:",
    message.summary,
    "",
    `Perfil publicado: ${message.appUrl}/perfil-de-negocio/${message.companyId}`,
    "Responde directamente a su correo; todos los acuerdos se manejan entre las partes.",
  ].join("\n");
  const html = htmlLayout(
    subject,
    `<p>Un usuario de Puente está interesado en tu empresa <strong>${escapeHtml(message.human_id)}</strong>.</p>
<p><strong>Nombre:</strong> ${escapeHtml(message.name)}<br><strong>Email:</strong> ${escapeHtml(message.email)}</p>
<p><strong>Mensaje:</strong></p>
<p style="white-space:pre-wrap">${escapeHtml(message.summary)}</p>
<p>Responde directamente a su correo; todos los acuerdos se manejan entre las partes.</p>`,
  );
  return { to, subject, text, html };
}
