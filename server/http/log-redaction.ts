/**
 * Secrets never reach a log (issue 26): e-mail verification and password
 * recovery links (`?token=`), data-room file links (`/api/files/<signed
 * token>`), reading reports (`/api/file_readings/<signed token>/pages`) and receipt links (`?signature=`) grant access to whoever holds
 * them, and request logs, error logs and the local mail log all print URLs.
 * Every log line passes through `redactSecrets` on its way out (see
 * `redactingStream`), so no serializer or call site can forget it.
 */

export const REDACTED = "[redacted]";

/** Query parameters whose value is a credential. */
const SECRET_PARAMETERS = ["token", "signature", "sig", "access_token", "refresh_token", "password", "secret", "key"];

// A value ends where a URL or a JSON string would: no backtracking (each class excludes what ends it).
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_PARAMETERS.join("|")})=)[^&\\s#"'<>\\\\]+`, "gi");
/** Path segments that are themselves the credential: the signed data-room file link, and an open's reading token (decision 051). */
const SECRET_PATH = /(\/api\/(?:files|file_readings)\/)[^/\s?#"'<>\\]+/g;

export function redactSecrets(text: string): string {
  return text.replace(SECRET_QUERY, `$1${REDACTED}`).replace(SECRET_PATH, `$1${REDACTED}`);
}

export interface LogDestination {
  write(line: string): void;
}

/** A pino destination that redacts each line before handing it to `destination` (stdout unless told). */
export function redactingStream(destination: LogDestination = process.stdout): LogDestination {
  return { write: (line) => destination.write(redactSecrets(line)) };
}
