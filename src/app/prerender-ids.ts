/** The id of the JSON script holding a prerendered page's query data (read by ./main.tsx, written by scripts/build/prerender-html.ts). */
export const QUERY_DATA_ID = "puente-query-data";
