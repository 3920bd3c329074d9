const mxn = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN", maximumFractionDigits: 0 });

/** "$12,000" (es-MX, no decimals): how the public pages and Puente Bot write a price. */
export const formatMxn = (amount: number): string => mxn.format(amount);
