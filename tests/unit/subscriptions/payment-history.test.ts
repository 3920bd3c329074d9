import { describe, expect, it } from "vitest";
import {
  formatPaymentAmount,
  formatPaymentDate,
  pageCountOf,
  pagingOf,
  paymentStatusLabel,
} from "../../../src/features/subscriptions/components/payment-history.ts";

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
    expect(paymentStatusLabel("disputed")).toBe("disputed");
  });
});

describe("Historial paging", () => {
  it("counts pages of 5, at least one", () => {
    expect(pageCountOf(0, 5)).toBe(1);
    expect(pageCountOf(1, 5)).toBe(1);
    expect(pageCountOf(5, 5)).toBe(1);
    expect(pageCountOf(6, 5)).toBe(2);
    expect(pageCountOf(11, 5)).toBe(3);
    expect(pageCountOf(3, 0)).toBe(1);
  });

  it("says where the reader is and what is next", () => {
    expect(pagingOf(1, 11, 5)).toEqual({ page: 1, pageCount: 3, hasPrevious: false, hasNext: true, label: "Página 1 de 3" });
    expect(pagingOf(2, 11, 5)).toEqual({ page: 2, pageCount: 3, hasPrevious: true, hasNext: true, label: "Página 2 de 3" });
    expect(pagingOf(3, 11, 5)).toEqual({ page: 3, pageCount: 3, hasPrevious: true, hasNext: false, label: "Página 3 de 3" });
    expect(pagingOf(1, 0, 5)).toEqual({ page: 1, pageCount: 1, hasPrevious: false, hasNext: false, label: "Página 1 de 1" });
  });

  it("keeps the page within the pages there are", () => {
    expect(pagingOf(7, 11, 5).page).toBe(3);
    expect(pagingOf(0, 11, 5).page).toBe(1);
    expect(pagingOf(-2, 11, 5).page).toBe(1);
    expect(pagingOf(Number.NaN, 11, 5).page).toBe(1);
  });
});
