import { afterEach, beforeEach, vi } from "vitest";

// Console noise in a test is a bug the test did not assert on: fail loudly.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error in test: ${args.map(String).join(" ")}`);
  });
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.warn in test: ${args.map(String).join(" ")}`);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
