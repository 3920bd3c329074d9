import { describe, expect, it } from "vitest";
import { formatPaymentAmount, formatPaymentDate, paymentStatusLabel, paymentStatusText } from "../../../src/features/subscriptions/components/payment-history.ts";

describe("Historial rows in es-MX (src/features/subscriptions/components/payment-history.ts)", () => {
  it("dates are Mexico City's calendar day", () => {
    expect(formatPaymentDate("2025-02-15T18:00:00.000Z")).toBe("15 feb 2025");
    // 02:00 UTC on the 15th is still the evening of the 14th in Mexico City.
    expect(formatPaymentDate("2025-02-15T02:00:00.000Z")).toBe("14 feb 2025");
  });

  it("shows text that is not a date as it came", () => {
    expect(formatPaymentDate("pendiente")).toBe("pendiente");
  });

  it("amounts are pesos with cents and the code", () => {
    expect(formatPaymentAmount(1740, "mxn")).toBe("$1,740.00 MXN");
    expect(formatPaymentAmount(31_900, "MXN")).toBe("$31,900.00 MXN");
    expect(formatPaymentAmount(0, "mxn")).toBe("$0.00 MXN");
  });

  it("a currency that is not a code is read as MXN", () => {
    expect(formatPaymentAmount(1500, "")).toBe("$1,500.00 MXN");
    expect(formatPaymentAmount(1500, "pesos")).toBe("$1,500.00 MXN");
  });

  it("statuses are in Spanish; an unknown one is shown as sent", () => {
    expect(paymentStatusLabel("paid")).toBe("Pagado");
    expect(paymentStatusLabel("failed")).toBe("Rechazado");
    expect(paymentStatusLabel("refunded")).toBe("Reembolsado");
    expect(paymentStatusLabel("partially_refunded")).toBe("Reembolso parcial");
    expect(paymentStatusLabel("disputed")).toBe("En disputa");
    expect(paymentStatusLabel("chargeback")).toBe("chargeback");
  });

  it("a partial refund says how much came back; other statuses only their name", () => {
    expect(paymentStatusText({ status: "partially_refunded", currency: "mxn", refunded_amount: 600.5 })).toBe("Reembolso parcial de $600.50 MXN");
    expect(paymentStatusText({ status: "partially_refunded", currency: "mxn", refunded_amount: null })).toBe("Reembolso parcial");
    expect(paymentStatusText({ status: "refunded", currency: "mxn", refunded_amount: 1740 })).toBe("Reembolsado");
    expect(paymentStatusText({ status: "paid", currency: "mxn" })).toBe("Pagado");
  });
});
