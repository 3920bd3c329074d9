import { describe, expect, it } from "vitest";
import { DEFAULT_PERSISTED_SESSION, type PersistedSession } from "../../../machines/session/selectors.ts";
import { restorePersistedSession, toPersisted } from "../../../machines/session/session.machine.ts";

const stored: PersistedSession = {
  id: 42,
  name: "Lucía Hernández",
  email: "lucia@example.mx",
  roles: ["seller"],
  token: "a.b.c",
  phone: "+525512345678",
  demoMode: false,
  is_onboarding_completed: true,
  isPaidUser: true,
  subscriptionStatus: "active",
};

describe("restorePersistedSession", () => {
  it("defaults to a signed-out visitor with demo mode on and onboarding incomplete", () => {
    expect(DEFAULT_PERSISTED_SESSION).toEqual({
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
    });
  });

  it("restores a stored session, as an object or as the stored JSON text", () => {
    expect(restorePersistedSession(stored)).toEqual(stored);
    expect(restorePersistedSession(JSON.stringify(stored))).toEqual(stored);
  });

  it("fills missing keys with their defaults (data from an older version)", () => {
    expect(restorePersistedSession({ id: 7, phone: "+5255" })).toEqual({
      ...DEFAULT_PERSISTED_SESSION,
      id: 7,
      phone: "+5255",
    });
  });

  it("ignores unknown keys", () => {
    expect(restorePersistedSession({ ...stored, theme: "dark" })).toEqual(stored);
  });

  it.each([
    ["nothing stored", null],
    ["undefined", undefined],
    ["a number", 42],
    ["an array", [stored]],
    ["text that is not JSON", "{no es json"],
    ["JSON null", "null"],
    ["an unknown role", { ...stored, roles: ["superuser"] }],
    ["a numeric token", { ...stored, token: 5 }],
    ["demoMode as text", { ...stored, demoMode: "true" }],
  ])("falls back to the defaults for %s", (_name, raw) => {
    expect(restorePersistedSession(raw)).toEqual(DEFAULT_PERSISTED_SESSION);
  });
});

describe("toPersisted", () => {
  it("keeps exactly the persisted fields", () => {
    const context: PersistedSession & { readonly expiresAt: number } = { ...stored, expiresAt: 123 };
    expect(toPersisted(context)).toEqual(stored);
  });
});
