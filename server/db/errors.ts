/** PostgreSQL's unique_violation, found anywhere in the cause chain (drizzle wraps driver errors). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    if (Reflect.get(current, "code") === "23505") return true;
    current = Reflect.get(current, "cause");
  }
  return false;
}
