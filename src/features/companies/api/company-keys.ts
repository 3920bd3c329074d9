/**
 * The companies feature's query keys. They follow the app-wide convention
 * (`['companies', 'detail', id, …]` for one company), so the marketplace's
 * record query and the picture upload's refresh meet the same cache entries;
 * no run-time imports.
 */
export const companyKeys = {
  all: ["companies"] as const,
  dashboards: () => ["companies", "dashboard"] as const,
  dashboard: (query: { readonly q: string; readonly page: number; readonly perPage: number }) => ["companies", "dashboard", query] as const,
  detail: (id: number) => ["companies", "detail", id] as const,
  record: (id: number) => ["companies", "detail", id, "dashboard"] as const,
};
