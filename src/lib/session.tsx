import { createContext, useContext, type ReactNode } from "react";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { sessionMachine } from "../../machines/session/session.machine.ts";
import { selectSession, type SessionView } from "../../machines/session/selectors.ts";

/**
 * Read access to the one session actor for any component. The actor itself is
 * created and wired in src/app/session.tsx; features only read and send.
 */

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type { SessionView };

const SessionActorContext = createContext<SessionActor | null>(null);

export function SessionActorProvider({ actor, children }: { readonly actor: SessionActor; readonly children: ReactNode }) {
  return <SessionActorContext.Provider value={actor}>{children}</SessionActorContext.Provider>;
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionActorContext);
  if (actor === null) throw new Error("useSessionActor must be used inside SessionActorProvider");
  return actor;
}

const sameValue = (a: unknown, b: unknown): boolean =>
  Object.is(a, b) ||
  (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => Object.is(item, b[index])));

/** Re-render only when a field of the view changes, not on every snapshot. */
export function sameSessionView(a: SessionView, b: SessionView): boolean {
  const keys = Object.keys(a) as Array<keyof SessionView>;
  return keys.length === Object.keys(b).length && keys.every((key) => sameValue(a[key], b[key]));
}

/** What the UI needs to know about the signed-in user (pure selector over the snapshot). */
export function useSession(): SessionView {
  return useSelector(useSessionActor(), selectSession, sameSessionView);
}

/** Send an event to the session actor. */
export function useSessionSend(): SessionActor["send"] {
  return useSessionActor().send;
}
