import { escapeHtml, htmlLayout, type MailMessage } from "../mail/mailer.ts";

export interface KybMail {
  readonly requestId: number;
  readonly companyId: number;
  readonly companyName: string;
  readonly rfc: string;
  readonly requesterEmail: string;
  readonly appUrl: string;
}

/** The team's notice of a KYB request to review (plain text and HTML; user text escaped). */
export function kybNotification(to: string, mail: KybMail): MailMessage {
  const subject = `Solicitud de KYB básico: ${mail.companyName}`;
  const link = `${mail.appUrl}/mi-empresa/${mail.companyId}`;
  const rows: ReadonlyArray<readonly [string, string]> = [
    ["Empresa", mail.companyName],
    ["RFC", mail.rfc],
    ["Solicitó", mail.requesterEmail],
  ];
  const text = [
    `Llegó una solicitud de KYB básico (folio ${mail.requestId}). Revisa el RFC y contacta a la empresa a la brevedad.`,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    link,
  ].join("\n");
  const html = htmlLayout(
    subject,
    `<p>Llegó una solicitud de <strong>KYB básico</strong> (folio ${mail.requestId}). Revisa el RFC y contacta a la empresa a la brevedad.</p>
<table role="presentation" style="border-collapse:collapse">${rows
      .map(([label, value]) => `<tr><td style="padding:4px 12px 4px 0;color:#5b6577">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`)
      .join("")}</table>
<p><a href="${escapeHtml(link)}">Abrir la empresa</a></p>`,
  );
  return { to, subject, text, html };
}
