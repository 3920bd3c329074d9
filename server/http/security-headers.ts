import type { FastifyInstance } from "fastify";

// Inline styles are allowed (the UI library sets style attributes); scripts
// only from our origin. Frames and images may come from https (the chat bot
// page and the video modal embed external frames; media logos are external).
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' https:",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

// Nothing we build uses these; a page that needs one asks here first.
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

/** Two years, subdomains included: once a browser saw it over TLS, it never tries plain HTTP. */
const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** The headers every response carries; HSTS only over TLS (directly, or behind a trusted proxy that says so): over plain HTTP it is ignored anyway. */
export function securityHeaders(protocol: "http" | "https"): Readonly<Record<string, string>> {
  return {
    ...(protocol === "https" ? { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY } : {}),
    "Permissions-Policy": PERMISSIONS_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
  };
}

/** On every reply that goes through Fastify; the raw error path before routing adds `securityHeaders` itself (app.ts). */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    reply.headers(securityHeaders(request.protocol));
    return payload;
  });
}
