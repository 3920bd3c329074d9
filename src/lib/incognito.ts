/**
 * Incognito (demo) mode (spec sections 3, 4 and 6; docs/decisions/022): an
 * admin showing the product hides company names wherever a name is
 * displayed. The server never sends names to anyone but the owner and
 * admins; this only changes what an admin's own screen shows.
 */

/** What an admin sees instead of a company's name while incognito is on. */
export const HIDDEN_NAME = "********";

/** The banner's text and what is announced when the mode changes. */
export const INCOGNITO_ON_MESSAGE = "Modo incógnito activo: los nombres de las empresas están ocultos.";
export const INCOGNITO_OFF_MESSAGE = "Modo incógnito desactivado: los nombres de las empresas están visibles.";
