import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it, vi } from "vitest";
import { Schema } from "effect";
import { createActor } from "xstate";
import { defineEndpoint } from "../../contracts/endpoint.ts";
import { AUTH_MESSAGES } from "../../contracts/errors.ts";
import { SIGNED_OUT_CONTEXT, SIGNED_OUT_VIEW, selectSession } from "../../machines/session/selectors.ts";
import { restorePersistedSession, sessionMachine } from "../../machines/session/session.machine.ts";
import { callEndpoint } from "../../src/lib/api-client.ts";
import type { SessionActor } from "../../src/lib/session-actor.ts";
import { DEACTIVATED_SIGN_OUT_MESSAGE, signOutNoticeFrom } from "../../src/lib/sign-out-notice.ts";
import { createSessionStore, sameSessionView, SESSION_STORAGE_KEY, type SessionStore } from "../../src/lib/session.tsx";
import { claimsFor, rawToken } from "../machines/session/jwt.ts";

const ROOT = resolve(import.meta.dirname, "../..");

/** A localStorage stand-in. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
  };
}

function storeWith(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  const navigate = vi.fn<(path: string) => void>();
  const store = createSessionStore({ storage: () => storage, navigate });
  return { store, storage, navigate };
}

const view = (store: SessionStore) => {
  const actor = store.actor();
  return actor === null ? SIGNED_OUT_VIEW : selectSession(actor.getSnapshot());
};

const loginToken = () => rawToken(claimsFor(Date.now()));

/** Waits until the queue of `store.send` has run (it follows the actor's loading). */
async function settled(store: SessionStore): Promise<SessionActor> {
  const actor = await store.load();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return actor;
}

// Public pages render with SIGNED_OUT_VIEW before the session chunk loads; it
// must be exactly what the machine gives a visitor with nothing stored.
describe("the view used before the actor loads", () => {
  it("is the machine's view of a visitor with nothing stored (same context, same selector)", () => {
    const actor = createActor(sessionMachine, { input: { persisted: restorePersistedSession(null), now: Date.now() } }).start();
    expect(actor.getSnapshot().context).toEqual(SIGNED_OUT_CONTEXT);
    expect(selectSession(actor.getSnapshot())).toEqual(SIGNED_OUT_VIEW);
    actor.stop();
  });

  it("compares views field by field", () => {
    expect(sameSessionView(SIGNED_OUT_VIEW, { ...SIGNED_OUT_VIEW, roles: [] })).toBe(true);
    expect(sameSessionView(SIGNED_OUT_VIEW, { ...SIGNED_OUT_VIEW, demoMode: false })).toBe(false);
    expect(sameSessionView(SIGNED_OUT_VIEW, { ...SIGNED_OUT_VIEW, roles: ["buyer"] })).toBe(false);
  });
});

describe("the session store (src/lib/session.tsx over src/lib/session-actor.ts)", () => {
  it("with nothing stored, is ready and signed out without loading the actor", () => {
    const { store, storage } = storeWith();
    expect(store.isReady()).toBe(true);
    expect(store.actor()).toBeNull();
    expect(view(store)).toBe(SIGNED_OUT_VIEW);
    expect(storage.items.size).toBe(0);
  });

  it("loads the actor once, on demand, and notifies subscribers", async () => {
    const { store } = storeWith();
    const onChange = vi.fn();
    const unsubscribe = store.subscribe(onChange);
    const loading = store.load();
    expect(store.load()).toBe(loading);
    const actor = await loading;
    expect(store.actor()).toBe(actor);
    expect(onChange).toHaveBeenCalled();
    expect(view(store)).toEqual(SIGNED_OUT_VIEW);
    unsubscribe();
    actor.stop();
  });

  it("queues events sent before the actor loads and delivers them in order, persisting each change", async () => {
    const { store, storage } = storeWith();
    store.send({ type: "session.login", token: loginToken() });
    store.send({ type: "session.profileUpdated", name: "Lucía H.", phone: null });
    expect(store.actor()).toBeNull();
    const actor = await settled(store);
    expect(view(store)).toMatchObject({ isSignedIn: true, name: "Lucía H.", phone: null, isSeller: true });
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? "null")).toMatchObject({ id: 42, name: "Lucía H.", phone: null });
    actor.stop();
  });

  it("takes a stored signed-out session (no token) as nothing to restore: ready at once, nothing loaded", () => {
    const { store } = storeWith({ [SESSION_STORAGE_KEY]: JSON.stringify(SIGNED_OUT_CONTEXT) });
    expect(store.isReady()).toBe(true);
    expect(store.actor()).toBeNull();
    expect(view(store)).toMatchObject({ isSignedIn: false });
  });

  it("restores a stored session: loads at once, is not ready until then, then signed in", async () => {
    const stored = { ...SIGNED_OUT_CONTEXT, token: loginToken(), name: "Lucía Hernández", roles: ["seller"] };
    const { store } = storeWith({ [SESSION_STORAGE_KEY]: JSON.stringify(stored) });
    expect(store.isReady()).toBe(false);
    const actor = await store.load();
    expect(store.isReady()).toBe(true);
    expect(view(store)).toMatchObject({ isSignedIn: true, id: 42, name: "Lucía Hernández", isSeller: true });
    actor.stop();
  });

  it("on sign-out tells the listeners, then goes to /iniciar-sesion", async () => {
    const { store, navigate } = storeWith();
    const order: string[] = [];
    const listener = vi.fn(() => order.push("listener"));
    navigate.mockImplementation(() => order.push("navigate"));
    const stop = store.onSignedOut(listener);
    store.send({ type: "session.login", token: loginToken() });
    store.send({ type: "session.logout" });
    const actor = await settled(store);
    expect(view(store).isSignedIn).toBe(false);
    expect(order).toEqual(["listener", "navigate"]);
    expect(navigate).toHaveBeenCalledWith("/iniciar-sesion");
    stop();
    store.send({ type: "session.login", token: loginToken() });
    store.send({ type: "session.unauthorized" });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it("when the API says the account is deactivated (401 or 403), signs out and opens the login page that says why", async () => {
    const { store, navigate } = storeWith();
    store.send({ type: "session.login", token: loginToken() });
    const actor = await settled(store);
    const probe = defineEndpoint({ method: "GET", path: "/probe", summary: "probe", access: { who: "signedIn" }, response: Schema.Struct({}) });
    const fetchMock = vi.spyOn(globalThis, "fetch");
    try {
      for (const status of [403, 401]) {
        if (!view(store).isSignedIn) store.send({ type: "session.login", token: loginToken() });
        fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: AUTH_MESSAGES.deactivated }), { status, headers: { "content-type": "application/json" } }));
        await expect(callEndpoint(probe)).rejects.toMatchObject({ status, message: AUTH_MESSAGES.deactivated });
        expect(view(store).isSignedIn, String(status)).toBe(false);
        expect(navigate).toHaveBeenLastCalledWith("/iniciar-sesion?aviso=cuenta-desactivada");
        expect(signOutNoticeFrom("?aviso=cuenta-desactivada")).toBe(DEACTIVATED_SIGN_OUT_MESSAGE);
      }
      // Any other 401 signs out to the plain login page, with nothing to say.
      store.send({ type: "session.login", token: loginToken() });
      fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: AUTH_MESSAGES.invalidSession }), { status: 401, headers: { "content-type": "application/json" } }));
      await expect(callEndpoint(probe)).rejects.toMatchObject({ status: 401 });
      expect(navigate).toHaveBeenLastCalledWith("/iniciar-sesion");
      expect(signOutNoticeFrom("")).toBeNull();
    } finally {
      fetchMock.mockRestore();
      actor.stop();
    }
  });

  it("works when storage is unavailable (private mode, full quota): signed out, nothing thrown", async () => {
    const navigate = vi.fn();
    const broken = () => {
      throw new Error("SecurityError");
    };
    const store = createSessionStore({ storage: broken, navigate });
    expect(store.isReady()).toBe(true);
    store.send({ type: "session.login", token: loginToken() });
    const actor = await settled(store);
    expect(view(store).isSignedIn).toBe(true);
    actor.stop();
  });
});

/**
 * Our modules a chunk loads with it (static, non-type imports from its entry
 * module, by default the app's, src/app/main.tsx); dynamic imports are where
 * lazy chunks start.
 */
function entryModules(entry = "src/app/main.tsx"): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
    for (const statement of source.statements) {
      const isImport = ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly !== true;
      const isReExport = ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier !== undefined;
      if (!isImport && !isReExport) continue;
      const specifier = statement.moduleSpecifier;
      if (specifier === undefined || !ts.isStringLiteral(specifier)) continue;
      if (ts.isImportDeclaration(statement) && importsOnlyTypes(statement)) continue;
      if (specifier.text.startsWith(".")) visit(resolve(dirname(file), specifier.text));
      else packages.add(specifier.text);
    }
  };
  visit(resolve(ROOT, entry));
  return { files, packages };
}

/** `import { type A, type B } from "…"` is erased like `import type`. */
function importsOnlyTypes(statement: ts.ImportDeclaration): boolean {
  const clause = statement.importClause;
  if (clause === undefined || clause.name !== undefined) return false;
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

describe("first load", () => {
  it("the entry loads the session's view and store but not XState, Effect, the machine or the actor", () => {
    const { files, packages } = entryModules();
    const relative = [...files].map((file) => file.slice(ROOT.length + 1));
    expect(relative).toContain("src/lib/session.tsx");
    expect(relative).toContain("machines/session/selectors.ts");
    expect(relative).not.toContain("src/lib/session-actor.ts");
    expect(relative).not.toContain("machines/session/session.machine.ts");
    expect(relative).not.toContain("src/lib/api-client.ts");
    // Contracts are Effect Schemas, but for page-head.ts: a type and the hydration data's element id (decision 043).
    expect(relative.filter((file) => file.startsWith("contracts/") && file !== "contracts/page-head.ts")).toEqual([]);
    expect([...packages].filter((name) => /^(xstate|effect|@statelyai\/)/.test(name))).toEqual([]);
  });

  // The pages a visitor arrives on from a search engine, with their data in the HTML (decisions 043 and 047):
  // contracts, the API client and form validation load on the first request or submit, react-aria's
  // Select and dialog when reached for. The JavaScript budget (bench:web, <= 150 kB) depends on it.
  it.each(["src/app/pages/MarketplaceRoute.tsx", "src/app/pages/BusinessProfileRoute.tsx"])("%s loads without Effect, the API client, a dialog or a Select", (page) => {
    const { files, packages } = entryModules(page);
    const relative = [...files].map((file) => file.slice(ROOT.length + 1));
    expect(relative).toContain("src/lib/api/call-lazily.ts");
    expect(packages).not.toContain("effect");
    expect(relative.filter((file) => /^src\/lib\/(api-client|form-schema)\.ts$|^src\/components\/ui\/(ModalDialog|Select)\.tsx$/.test(file))).toEqual([]);
    expect(relative.filter((file) => file.startsWith("contracts/") && !/^contracts\/(page-head|[a-z-]+-(constants|messages)|list-limits)\.ts$/.test(file))).toEqual([]);
  });
});
