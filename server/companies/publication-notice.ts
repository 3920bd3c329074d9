import { escapeHtml, htmlLayout, type MailMessage } from "../mail/mailer.ts";

/**
 * The seller's notice that an admin published their company, or took it off
 * the marketplace (docs/decisions/022). It names the listing by its public
 * reference and links to pages that need a log-in; it carries no token, no
 * figures and nothing the seller did not already know.
 */

export interface PublicationNotice {
  readonly to: string;
  /** The person greeted: the owner's or the contact's name. */
  readonly name: string | null;
  readonly companyId: number;
  readonly humanId: string;
  /** The status the admin chose ('Pausada', 'Rechazada', ...), for the unpublished notice. */
  readonly statusName: string;
  readonly appUrl: string;
}

const greeting = (name: string | null): string => (name === null || name.trim() === "" ? "Hola:" : `Hola, ${name.trim()}:`);

/** "Tu empresa PUE-0042 ya está publicada en Puente", with the public profile and Mis empresas. */
export function publishedNotice(notice: PublicationNotice): MailMessage {
  const subject = `Tu empresa ${notice.humanId} ya está publicada en Puente`;
  const profile = `${notice.appUrl}/perfil-de-negocio/${notice.companyId}`;
  const mine = `${notice.appUrl}/mis-empresas`;
  const intro = `Revisamos tu empresa y ya aparece en el marketplace de Puente con la referencia ${notice.humanId}. Los compradores e inversionistas verificados pueden ver su perfil público, sin el nombre de la empresa ni tus datos de contacto, y enviarte mensajes de interés.`;
  const text = [greeting(notice.name), "", intro, "", `Así la ven los compradores: ${profile}`, `Administra tus empresas: ${mine}`].join("\n");
  const html = htmlLayout(
    subject,
    `<p>${escapeHtml(greeting(notice.name))}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(profile)}">Ver el perfil público de ${escapeHtml(notice.humanId)}</a></p>
<p><a href="${escapeHtml(mine)}">Ir a Mis empresas</a></p>`,
  );
  return { to: notice.to, subject, text, html };
}

/** "Tu empresa PUE-0042 ya no aparece en el marketplace", with the status the admin chose. */
export function unpublishedNotice(notice: PublicationNotice): MailMessage {
  const subject = `Tu empresa ${notice.humanId} ya no aparece en el marketplace de Puente`;
  const mine = `${notice.appUrl}/mis-empresas`;
  const contact = `${notice.appUrl}/contacto`;
  const intro = `Tu empresa ${notice.humanId} dejó de aparecer en el marketplace de Puente. Su estatus ahora es: ${notice.statusName}. Nada de su información ni de su dataroom se borró.`;
  const text = [greeting(notice.name), "", intro, "", `Si tienes dudas, escríbenos: ${contact}`, `Administra tus empresas: ${mine}`].join("\n");
  const html = htmlLayout(
    subject,
    `<p>${escapeHtml(greeting(notice.name))}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(contact)}">Escríbenos si tienes dudas</a></p>
<p><a href="${escapeHtml(mine)}">Ir a Mis empresas</a></p>`,
  );
  return { to: notice.to, subject, text, html };
}
