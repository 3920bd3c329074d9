import { describe, expect, it } from "vitest";
import { DUPLICATE_EMAIL_MESSAGE } from "../../../contracts/registration.ts";
import { registrationFieldErrors } from "../../../src/features/auth/components/registration-errors.ts";
import { ApiError } from "../../../src/lib/api-error.ts";
import { submitFailure } from "../../../src/lib/form.ts";

describe("the sign-ups' server answers that belong to a field", () => {
  it("an e-mail that already has an account is said under the e-mail field, not in a toast", () => {
    expect(submitFailure(new ApiError(409, DUPLICATE_EMAIL_MESSAGE), registrationFieldErrors)).toEqual({ show: "form", errors: { email: DUPLICATE_EMAIL_MESSAGE } });
  });

  it("anything else stays a toast", () => {
    for (const error of [new ApiError(409, "Otra cosa."), new ApiError(500, DUPLICATE_EMAIL_MESSAGE), new ApiError(429, "Demasiados intentos."), new Error("red")]) {
      expect(submitFailure(error, registrationFieldErrors)).toEqual({ show: "toast" });
    }
  });
});
