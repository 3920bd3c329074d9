import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changePasswordEndpoint, getEmailVerificationEndpoint, INVALID_RECOVERY_LINK_MESSAGE, PasswordChangedResponse, resetPasswordEndpoint } from "../../contracts/accounts.ts";
import { AUTH_MESSAGES } from "../../contracts/errors.ts";
import { createSessionEndpoint } from "../../contracts/sessions.ts";
import { resetPasswordWithToken } from "../../server/accounts/password-recovery.ts";
import { changePassword, type PasswordChanger } from "../../server/accounts/profile.ts";
import { buildApp } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { revokeSession } from "../../server/auth/sessions.ts";
import { DEFAULT_TOKEN_TTL_SECONDS, verifySessionToken } from "../../server/auth/tokens.ts";
import type { Database, DatabaseHandle } from "../../server/db/open.ts";
import { HttpError } from "../../server/http/errors.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import { callEndpoint, EVERY_TEST_DATABASE, signedInUser, TEST_APP_CONFIG, TEST_JWT_SECRET, type SignedInUser } from "./harness.ts";
import { loginRequest, recoveryTokenFor, SAMPLE_PASSWORD } from "./samples.ts";

/**
 * Issue 26: a password change and a reset (or two changes, or two uses of
 * recovery links) racing each other. The scrypt work runs before each
 * transaction, so the races that matter are between one request's check and
 * another's write. `heldAtTransaction` makes that window as wide as a test
 * needs: the checks are done, the writes wait until the other side has run.
 * No timing is asserted, only what must hold afterwards: the reset's
 * password is the one that works, exactly one change wins, and every token
 * answered still works.
 */

const TOKENS = { secret: TEST_JWT_SECRET, ttlSeconds: DEFAULT_TOKEN_TTL_SECONDS };
const FAST = { params: TEST_SCRYPT_PARAMS };
const OWNERS_RESET = "Clave-de-la-duena-1";
const ATTACKERS_CHANGE = "Clave-del-atacante-1";

interface HeldDatabase {
  /** The database, its transactions waiting for `open()`. */
  readonly db: Database;
  /** Settles once `count` transactions wait: every check before them is done. */
  readonly arrived: Promise<void>;
  open(): void;
}

/** The database with every transaction held at its start until `open()`; reads outside transactions go through. */
function heldAtTransaction(db: Database, count = 1): HeldDatabase {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let waiting = 0;
  let allArrived = () => {};
  const arrived = new Promise<void>((resolve) => {
    allArrived = resolve;
  });
  const transaction: Database["transaction"] = async (work, config) => {
    waiting += 1;
    if (waiting === count) allArrived();
    await opened;
    return db.transaction(work, config);
  };
  const held: Database = Object.create(db, { transaction: { value: transaction } });
  return { db: held, arrived, open };
}

/** The rejection's status and message, or "fulfilled" for a success (a non-HTTP error is rethrown: a race must never be a 5xx). */
async function outcome(work: Promise<unknown>): Promise<{ readonly status: number; readonly message: string } | "fulfilled"> {
  try {
    await work;
    return "fulfilled";
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
}

const decodeChanged = Schema.decodeUnknownSync(PasswordChangedResponse);

describe.each(EVERY_TEST_DATABASE)("credential races on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let accounts = 0;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    // Limits out of the way: tests/server/rate-limit.test.ts proves the password-change 429s.
    app = await buildApp({ db: handle.db, config: { ...TEST_APP_CONFIG, rateLimits: sameLimitForEveryBucket({ max: 100_000, windowMs: 60_000 }) } });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const account = async (): Promise<SignedInUser & { readonly caller: PasswordChanger }> => {
    accounts += 1;
    const user = await signedInUser(handle.db, { email: `carrera${accounts}@ejemplo.mx`, name: "Dueña de la cuenta", roles: ["buyer"] });
    const claims = await verifySessionToken(user.token, TOKENS);
    if (claims === null) throw new Error("the harness's token does not verify");
    return { ...user, caller: { userId: user.id, sessionId: claims.sid } };
  };
  const change = (db: Database, caller: PasswordChanger, newPassword: string) =>
    changePassword(db, caller, { currentPassword: SAMPLE_PASSWORD, newPassword }, TOKENS, FAST);
  const reset = (db: Database, link: string, password: string) => resetPasswordWithToken(db, link, password, TOKENS, FAST);
  const logsIn = async (email: string, password: string) => (await callEndpoint(app, createSessionEndpoint, undefined, { body: loginRequest(email, password) })).statusCode === 200;
  const works = async (token: string) => (await callEndpoint(app, getEmailVerificationEndpoint, token)).statusCode === 200;
  const passwordsThatLogIn = async (email: string, candidates: ReadonlyArray<string>) => {
    const accepted: string[] = [];
    for (const candidate of candidates) if (await logsIn(email, candidate)) accepted.push(candidate);
    return accepted;
  };

  describe("a reset against a change made with the old password", () => {
    it("the reset lands between the change's check and its write: the change is refused and the reset's password and token work", async () => {
      const owner = await account();
      const link = await recoveryTokenFor(handle.db, owner.id);
      const held = heldAtTransaction(handle.db);
      const changing = outcome(change(held.db, owner.caller, ATTACKERS_CHANGE));
      await held.arrived;
      const { accessToken } = await reset(handle.db, link, OWNERS_RESET);
      held.open();
      // The reset ended the session the change came with.
      expect(await changing).toEqual({ status: 401, message: AUTH_MESSAGES.invalidSession });
      expect(await passwordsThatLogIn(owner.email, [SAMPLE_PASSWORD, ATTACKERS_CHANGE, OWNERS_RESET])).toEqual([OWNERS_RESET]);
      expect(await works(accessToken)).toBe(true);
      expect(await works(owner.token)).toBe(false);
    });

    it("the change commits while the reset is on its way: the reset undoes it and ends the change's session", async () => {
      const owner = await account();
      const link = await recoveryTokenFor(handle.db, owner.id);
      const held = heldAtTransaction(handle.db);
      const resetting = reset(held.db, link, OWNERS_RESET);
      await held.arrived;
      const changedToken = await change(handle.db, owner.caller, ATTACKERS_CHANGE);
      held.open();
      const { accessToken } = await resetting;
      expect(await passwordsThatLogIn(owner.email, [SAMPLE_PASSWORD, ATTACKERS_CHANGE, OWNERS_RESET])).toEqual([OWNERS_RESET]);
      expect(await works(accessToken)).toBe(true);
      expect(await works(changedToken)).toBe(false);
    });

    it.each([
      ["the change sent first", "change-first"],
      ["the reset sent first", "reset-first"],
    ] as const)("over HTTP at once, %s: the reset's password and token work, the change's never", async (_label, order) => {
      const owner = await account();
      const link = await recoveryTokenFor(handle.db, owner.id);
      const sendChange = () =>
        callEndpoint(app, changePasswordEndpoint, owner.token, { body: { current_password: SAMPLE_PASSWORD, new_password: ATTACKERS_CHANGE, password_confirmation: ATTACKERS_CHANGE } });
      const sendReset = () => callEndpoint(app, resetPasswordEndpoint, undefined, { body: { recover_token: link, password: OWNERS_RESET, password_confirmation: OWNERS_RESET } });
      const [changed, wasReset] =
        order === "change-first" ? await Promise.all([sendChange(), sendReset()]) : (await Promise.all([sendReset(), sendChange()])).reverse();
      if (changed === undefined || wasReset === undefined) throw new Error("two answers expected");
      expect(wasReset.statusCode, wasReset.body).toBe(200);
      expect(await works(decodeChanged(wasReset.json()).access_token)).toBe(true);
      // The change may have committed first (then the reset ended its session) or been refused; never a 5xx.
      expect([200, 400, 401], changed.body).toContain(changed.statusCode);
      if (changed.statusCode === 200) expect(await works(decodeChanged(changed.json()).access_token)).toBe(false);
      expect(await passwordsThatLogIn(owner.email, [SAMPLE_PASSWORD, ATTACKERS_CHANGE, OWNERS_RESET])).toEqual([OWNERS_RESET]);
    });
  });

  describe("changes from one session", () => {
    it("twenty checked before any writes: exactly one wins, the others are refused with no token, and the winner's token works", async () => {
      const owner = await account();
      const newPasswords = Array.from({ length: 20 }, (_unused, index) => `Nueva-clave-${index + 1}`);
      const held = heldAtTransaction(handle.db, newPasswords.length);
      const changing = newPasswords.map((password) => change(held.db, owner.caller, password));
      await held.arrived;
      held.open();
      const settled = await Promise.allSettled(changing);
      const winners = newPasswords.filter((_password, index) => settled[index]?.status === "fulfilled");
      expect(winners).toHaveLength(1);
      for (const result of settled) {
        if (result.status === "fulfilled") expect(await works(result.value)).toBe(true);
        else expect(result.reason).toEqual(new HttpError(401, AUTH_MESSAGES.invalidSession));
      }
      expect(await passwordsThatLogIn(owner.email, [SAMPLE_PASSWORD, ...newPasswords])).toEqual(winners);
      expect(await works(owner.token)).toBe(false);
    });

    it("twenty over HTTP at once: exactly one 200, every other a 4xx, and the token answered works", async () => {
      const owner = await account();
      const newPasswords = Array.from({ length: 20 }, (_unused, index) => `Otra-clave-${index + 1}`);
      const answers = await Promise.all(
        newPasswords.map((password) => callEndpoint(app, changePasswordEndpoint, owner.token, { body: { current_password: SAMPLE_PASSWORD, new_password: password, password_confirmation: password } })),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      // A refused change read the hash after the winner's commit (400) or came with the session it ended (401).
      expect(statuses.filter((status) => status !== 200 && status !== 400 && status !== 401)).toEqual([]);
      const winner = answers.findIndex((answer) => answer.statusCode === 200);
      expect(await works(decodeChanged(answers[winner]?.json()).access_token)).toBe(true);
      expect(await passwordsThatLogIn(owner.email, [SAMPLE_PASSWORD, newPasswords[winner] ?? ""])).toEqual([newPasswords[winner]]);
    });

    it("a logout between the check and the write: the change is refused and the password stays", async () => {
      const owner = await account();
      const held = heldAtTransaction(handle.db);
      const changing = outcome(change(held.db, owner.caller, ATTACKERS_CHANGE));
      await held.arrived;
      await revokeSession(handle.db, owner.caller.sessionId);
      held.open();
      expect(await changing).toEqual({ status: 401, message: AUTH_MESSAGES.invalidSession });
      expect(await passwordsThatLogIn(owner.email, [SAMPLE_PASSWORD, ATTACKERS_CHANGE])).toEqual([SAMPLE_PASSWORD]);
    });
  });

  describe("recovery links used at once", () => {
    it("one link twice: one reset succeeds, the other is the invalid link's 400", async () => {
      const owner = await account();
      const link = await recoveryTokenFor(handle.db, owner.id);
      const held = heldAtTransaction(handle.db, 2);
      const resets = [reset(held.db, link, "Primera-clave-1"), reset(held.db, link, "Segunda-clave-2")].map(outcome);
      await held.arrived;
      held.open();
      const outcomes = await Promise.all(resets);
      expect(outcomes.filter((result) => result === "fulfilled")).toHaveLength(1);
      expect(outcomes.filter((result) => result !== "fulfilled")).toEqual([{ status: 400, message: INVALID_RECOVERY_LINK_MESSAGE }]);
      const winner = outcomes[0] === "fulfilled" ? "Primera-clave-1" : "Segunda-clave-2";
      expect(await passwordsThatLogIn(owner.email, [SAMPLE_PASSWORD, "Primera-clave-1", "Segunda-clave-2"])).toEqual([winner]);
    });

    it("two links of one account: one reset succeeds, the other is refused, never a 5xx", async () => {
      const owner = await account();
      const links = [await recoveryTokenFor(handle.db, owner.id), await recoveryTokenFor(handle.db, owner.id)];
      const held = heldAtTransaction(handle.db, 2);
      const resets = links.map((link, index) => outcome(reset(held.db, link, `Clave-del-enlace-${index + 1}`)));
      await held.arrived;
      held.open();
      const outcomes = await Promise.all(resets);
      expect(outcomes.filter((result) => result === "fulfilled")).toHaveLength(1);
      expect(outcomes.filter((result) => result !== "fulfilled")).toEqual([{ status: 400, message: INVALID_RECOVERY_LINK_MESSAGE }]);
      const winner = `Clave-del-enlace-${outcomes.indexOf("fulfilled") + 1}`;
      expect(await passwordsThatLogIn(owner.email, [SAMPLE_PASSWORD, "Clave-del-enlace-1", "Clave-del-enlace-2"])).toEqual([winner]);
    });
  });
});
