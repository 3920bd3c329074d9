import { describe, expect, it } from "vitest";
import { loadErrorState, type Retryable } from "../../../src/components/load-error-state.ts";

const query = (state: "pending" | "error" | "success", isFetching = false): Retryable => ({
  isPending: state === "pending",
  isError: state === "error",
  isFetching,
  refetch: () => undefined,
});

describe("loadErrorState", () => {
  it("shows nothing while the data loads or once it is there", () => {
    expect(loadErrorState([query("pending", true)], false)).toEqual({ show: false, isRetrying: false });
    expect(loadErrorState([query("success"), query("success", true)], false)).toEqual({ show: false, isRetrying: false });
  });

  it("shows the error when any query failed", () => {
    expect(loadErrorState([query("success"), query("error")], false)).toEqual({ show: true, isRetrying: false });
  });

  it("stays, busy, while a retried query without data is pending again", () => {
    expect(loadErrorState([query("pending", true)], true)).toEqual({ show: true, isRetrying: true });
    expect(loadErrorState([query("success"), query("pending", true)], true)).toEqual({ show: true, isRetrying: true });
  });

  it("goes once the retry brought the data, and stays when the retry failed too", () => {
    expect(loadErrorState([query("success")], true)).toEqual({ show: false, isRetrying: false });
    expect(loadErrorState([query("error")], true)).toEqual({ show: true, isRetrying: false });
  });
});
