import { EMAIL_VERIFICATION_TTL_HOURS } from "../../../../contracts/accounts.ts";

/**
 * What only a new buyer must do after signing up, and why (decision 023:
 * asking for a company's full profile needs a confirmed e-mail). The link
 * signs them in and opens the marketplace (decision 034). Kept apart from
 * the page so tests read the same words.
 */
export const CONFIRM_EMAIL_STEP = `Te enviamos un correo para confirmar tu email. Ábrelo y sigue el enlace: confirmarás tu email, iniciarás sesión y llegarás al marketplace. Necesitas tu email confirmado para solicitar acceso al perfil completo de una empresa. Si no lo ves, revisa tu carpeta de spam; el enlace vence en ${EMAIL_VERIFICATION_TTL_HOURS} horas.`;
