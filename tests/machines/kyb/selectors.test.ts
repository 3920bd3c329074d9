import { describe, expect, it } from "vitest";
import { kybView, statusOf, type KybContext } from "../../../machines/kyb/selectors.ts";

const context: KybContext = { companyId: 1, isPaid: true, rfc: "abc", error: "El RFC debe tener al menos 12 caracteres.", result: null, verifiedRfc: null };

describe("kyb view", () => {
  it("closed: opens only for paid users, shows no error", () => {
    expect(kybView("closed", context)).toMatchObject({ status: "closed", isOpen: false, canOpen: true, canClose: false, error: null });
    expect(kybView("closed", { ...context, isPaid: false }).canOpen).toBe(false);
  });

  it("editing: editable, closable, shows the RFC's message", () => {
    expect(kybView("editing", context)).toEqual({
      status: "editing",
      isOpen: true,
      canOpen: false,
      canClose: true,
      isSubmitting: false,
      isEditable: true,
      rfc: "abc",
      error: "El RFC debe tener al menos 12 caracteres.",
      verifiedRfc: null,
    });
  });

  it("submitting: busy, not closable, not editable", () => {
    expect(kybView("submitting", context)).toMatchObject({ isOpen: true, canClose: false, isSubmitting: true, isEditable: false, error: null });
  });

  it("succeeded and failed: open and closable, nothing to edit", () => {
    for (const status of ["succeeded", "failed"] as const) {
      expect(kybView(status, context)).toMatchObject({ status, isOpen: true, canClose: true, isSubmitting: false, isEditable: false, error: null });
    }
  });

  it("an unknown value reads as closed", () => {
    expect(statusOf({ other: "x" })).toBe("closed");
  });
});
