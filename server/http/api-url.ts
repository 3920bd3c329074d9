/** Whether a request's URL is under /api (the API), as opposed to the built SPA's files and pages. */
export const isApiUrl = (url: string): boolean => url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
