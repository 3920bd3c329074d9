import { Either, Schema } from "effect";
import { Role } from "../../contracts/sessions.ts";

/**
 * What the browser keeps of the session between visits (spec section 3).
 * Identity and credentials are `null` (roles empty) while signed out. Missing
 * keys take their defaults, so data written by an older version still loads.
 */
export const PersistedSession = Schema.Struct({
  id: Schema.optionalWith(Schema.NullOr(Schema.Number), { default: () => null }),
  name: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  email: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  roles: Schema.optionalWith(Schema.Array(Role), { default: () => [] }),
  token: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  phone: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  demoMode: Schema.optionalWith(Schema.Boolean, { default: () => true }),
  is_onboarding_completed: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  isPaidUser: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  subscriptionStatus: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
});
export type PersistedSession = typeof PersistedSession.Type;

/** A signed-out visitor who never signed in: demo mode on, onboarding incomplete. */
export const DEFAULT_PERSISTED_SESSION: PersistedSession = {
  id: null,
  name: null,
  email: null,
  roles: [],
  token: null,
  phone: null,
  demoMode: true,
  is_onboarding_completed: false,
  isPaidUser: false,
  subscriptionStatus: null,
};

/**
 * Only the persisted fields of `session` (e.g. the machine context without
 * `expiresAt`): what the `persist` action receives and storage keeps.
 */
export function toPersisted(session: PersistedSession): PersistedSession {
  return {
    id: session.id,
    name: session.name,
    email: session.email,
    roles: session.roles,
    token: session.token,
    phone: session.phone,
    demoMode: session.demoMode,
    is_onboarding_completed: session.is_onboarding_completed,
    isPaidUser: session.isPaidUser,
    subscriptionStatus: session.subscriptionStatus,
  };
}

const decodePersisted = Schema.decodeUnknownEither(PersistedSession);

/**
 * Decodes what was stored (the object, or the JSON string as read from
 * localStorage). Anything that does not decode gives the defaults (signed
 * out), never an exception.
 */
export function restorePersistedSession(raw: unknown): PersistedSession {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return DEFAULT_PERSISTED_SESSION;
    }
  }
  const decoded = decodePersisted(value);
  return Either.isRight(decoded) ? decoded.right : DEFAULT_PERSISTED_SESSION;
}
