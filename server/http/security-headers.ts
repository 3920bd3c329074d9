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

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    // Only over TLS (directly, or behind a trusted proxy that says so): HSTS over plain HTTP is ignored anyway.
    if (request.protocol === "https") reply.header("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    reply.header("Permissions-Policy", PERMISSIONS_POLICY);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    reply.header("X-Frame-Options", "SAMEORIGIN");
    reply.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    return payload;
  });
}
