import { describe, expect, it } from "vitest";
import { RFC_MESSAGES } from "../../../contracts/rfc.ts";
import { FREE, PAID, RESULT, startKyb } from "./harness.ts";

describe("kyb machine, one transition at a time", () => {
  it("starts closed with nothing typed", () => {
    const kyb = startKyb(PAID);
    expect(kyb.value()).toBe("closed");
    expect(kyb.context()).toEqual({ companyId: 42, isPaid: true, rfc: "", error: null, result: null, verifiedRfc: null });
  });

  it("opens for a paid user", () => {
    const kyb = startKyb(PAID);
    kyb.actor.send({ type: "kyb.open" });
    expect(kyb.value()).toBe("editing");
  });

  it("refuses to open for an unpaid user, until the plan is paid", () => {
    const kyb = startKyb(FREE);
    kyb.actor.send({ type: "kyb.open" });
    expect(kyb.value()).toBe("closed");
    kyb.actor.send({ type: "kyb.paidChanged", isPaid: true });
    kyb.actor.send({ type: "kyb.open" });
    expect(kyb.value()).toBe("editing");
  });

  it("keeps the RFC as typed while editing", () => {
    const kyb = startKyb(PAID);
    kyb.actor.send({ type: "kyb.open" });
    kyb.actor.send({ type: "kyb.change", rfc: " abc" });
    expect(kyb.context().rfc).toBe(" abc");
  });

  it("an RFC under 12 characters stays in editing with the spec's message, and nothing is sent", () => {
    const kyb = startKyb(PAID);
    kyb.actor.send({ type: "kyb.open" });
    kyb.actor.send({ type: "kyb.change", rfc: "ABC68052" });
    kyb.actor.send({ type: "kyb.submit" });
    expect(kyb.value()).toBe("editing");
    expect(kyb.context().error).toBe("El RFC debe tener al menos 12 caracteres.");
    expect(kyb.server.calls).toEqual([]);
  });

  it("a wrong check digit stays with the homoclave message; a fixed RFC then goes", () => {
    const kyb = startKyb(PAID);
    kyb.actor.send({ type: "kyb.open" });
    kyb.actor.send({ type: "kyb.change", rfc: "GODE561231GR9" });
    kyb.actor.send({ type: "kyb.submit" });
    expect(kyb.context().error).toBe(RFC_MESSAGES.checkDigit);
    kyb.actor.send({ type: "kyb.change", rfc: "GODE561231GR8" });
    kyb.actor.send({ type: "kyb.submit" });
    expect(kyb.value()).toBe("submitting");
    expect(kyb.context().error).toBeNull();
  });

  it("sends the RFC trimmed and in upper case, with the company id", () => {
    const kyb = startKyb(PAID);
    kyb.actor.send({ type: "kyb.open" });
    kyb.actor.send({ type: "kyb.change", rfc: "  abc680524p73 " });
    kyb.actor.send({ type: "kyb.submit" });
    expect(kyb.value()).toBe("submitting");
    expect(kyb.server.calls).toEqual([{ companyId: 42, rfc: "ABC680524P73" }]);
  });

  it("cannot be closed while submitting", () => {
    const kyb = startKyb(PAID);
    kyb.actor.send({ type: "kyb.open" });
    kyb.actor.send({ type: "kyb.change", rfc: "ABC680524P73" });
    kyb.actor.send({ type: "kyb.submit" });
    kyb.actor.send({ type: "kyb.close" });
    expect(kyb.value()).toBe("submitting");
  });

  it("on success: the success action with the answer, then succeeded", async () => {
    const kyb = startKyb(PAID);
    kyb.actor.send({ type: "kyb.open" });
    kyb.actor.send({ type: "kyb.change", rfc: "ABC680524P73" });
    kyb.actor.send({ type: "kyb.submit" });
    await kyb.server.answer();
    expect(kyb.value()).toBe("succeeded");
    expect(kyb.toasts).toEqual([RESULT]);
    expect(kyb.context().result).toEqual(RESULT);
    expect(kyb.logged).toEqual([]);
  });

  it("on failure: logged only, no toast, then failed", async () => {
    const kyb = startKyb(PAID);
    kyb.actor.send({ type: "kyb.open" });
    kyb.actor.send({ type: "kyb.change", rfc: "ABC680524P73" });
    kyb.actor.send({ type: "kyb.submit" });
    const error = new Error("503");
    await kyb.server.fail(error);
    expect(kyb.value()).toBe("failed");
    expect(kyb.logged).toEqual([error]);
    expect(kyb.toasts).toEqual([]);
  });

  it.each(["editing", "succeeded", "failed"] as const)("the user may close from %s, and the RFC is forgotten", async (state) => {
    const kyb = startKyb(PAID);
    kyb.actor.send({ type: "kyb.open" });
    kyb.actor.send({ type: "kyb.change", rfc: "ABC680524P73" });
    if (state !== "editing") {
      kyb.actor.send({ type: "kyb.submit" });
      await (state === "succeeded" ? kyb.server.answer() : kyb.server.fail());
    }
    expect(kyb.value()).toBe(state);
    kyb.actor.send({ type: "kyb.close" });
    expect(kyb.value()).toBe("closed");
    expect(kyb.context()).toMatchObject({ rfc: "", error: null, result: null });
  });

  it("keeps the verified RFC after the dialog closes (the button shows it); a failure verifies nothing", async () => {
    const kyb = startKyb(PAID);
    kyb.actor.send({ type: "kyb.open" });
    kyb.actor.send({ type: "kyb.change", rfc: "ABC680524P73" });
    kyb.actor.send({ type: "kyb.submit" });
    await kyb.server.answer();
    kyb.actor.send({ type: "kyb.close" });
    expect(kyb.context().verifiedRfc).toBe(RESULT.rfc);

    const failed = startKyb(PAID);
    failed.actor.send({ type: "kyb.open" });
    failed.actor.send({ type: "kyb.change", rfc: "ABC680524P73" });
    failed.actor.send({ type: "kyb.submit" });
    await failed.server.fail();
    failed.actor.send({ type: "kyb.close" });
    expect(failed.context().verifiedRfc).toBeNull();
  });

  it("ignores typing and submitting while closed", () => {
    const kyb = startKyb(PAID);
    kyb.actor.send({ type: "kyb.change", rfc: "ABC680524P73" });
    kyb.actor.send({ type: "kyb.submit" });
    expect(kyb.value()).toBe("closed");
    expect(kyb.context().rfc).toBe("");
    expect(kyb.server.calls).toEqual([]);
  });
});
