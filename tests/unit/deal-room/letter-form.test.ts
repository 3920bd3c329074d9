import { describe, expect, it } from "vitest";
import { CreateLetterOfIntent, DEAL_ROOM_MESSAGES } from "../../../contracts/deal-room.ts";
import { validateForm } from "../../../src/lib/form-schema.ts";
import { currencyId, currencyOf, EMPTY_LETTER, letterBodyOf } from "../../../src/features/deal-room/components/letter-form.ts";

const validate = (values: Partial<typeof EMPTY_LETTER>) => validateForm(CreateLetterOfIntent, letterBodyOf({ ...EMPTY_LETTER, ...values }));

describe("the letter-of-intent form, checked with the contract's messages", () => {
  it("reads the amount as the app's currency inputs write it, and the stake with its %", () => {
    expect(validate({ amount: "$2,500,000.50", stake_percentage: "25%", terms: "Pago de contado al cierre." })).toEqual({
      ok: true,
      value: { amount: 2_500_000.5, currency: "MXN", stake_percentage: 25, terms: "Pago de contado al cierre." },
    });
  });

  it("says what is missing on an empty form", () => {
    const result = validate({});
    expect(result.ok).toBe(false);
    expect(result.ok ? null : result.errors).toEqual({
      amount: DEAL_ROOM_MESSAGES.loiAmount,
      stake_percentage: DEAL_ROOM_MESSAGES.loiStake,
      terms: DEAL_ROOM_MESSAGES.loiTerms,
    });
  });

  it("refuses a zero or unreadable amount and a stake outside 0–100; 0 % is an offer of debt", () => {
    const errors = (values: Partial<typeof EMPTY_LETTER>) => {
      const result = validate({ terms: "Términos", ...values });
      return result.ok ? {} : result.errors;
    };
    expect(errors({ amount: "0", stake_percentage: "10" })).toEqual({ amount: DEAL_ROOM_MESSAGES.loiAmount });
    expect(errors({ amount: "mucho", stake_percentage: "10" })).toEqual({ amount: DEAL_ROOM_MESSAGES.loiAmount });
    expect(errors({ amount: "100", stake_percentage: "100.5" })).toEqual({ stake_percentage: DEAL_ROOM_MESSAGES.loiStake });
    expect(errors({ amount: "100", stake_percentage: "0" })).toEqual({});
  });

  it("maps the currency radio's ids both ways, MXN by default", () => {
    expect(currencyOf(currencyId("USD"))).toBe("USD");
    expect(currencyOf(currencyId("MXN"))).toBe("MXN");
    expect(currencyOf(null)).toBe("MXN");
  });
});
