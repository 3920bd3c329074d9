import { describe, expect, it } from "vitest";
import { cellKind, headerKind, scrollRegionProps, scrollsSideways } from "../../../src/components/ui/table-layout.ts";

describe("the shared table's layout (src/components/ui/table-layout.ts)", () => {
  it("makes the row-naming column a row header, figures right-aligned, the rest plain cells", () => {
    expect(cellKind({ isRowHeader: true })).toBe("rowHeader");
    expect(cellKind({ numeric: true })).toBe("numeric");
    expect(cellKind({})).toBe("text");
    // A row named by a figure is still named by it: a header, left-aligned with its column header.
    expect(cellKind({ isRowHeader: true, numeric: true })).toBe("rowHeader");
    expect(headerKind({ isRowHeader: true, numeric: true })).toBe("text");
  });

  it("aligns a column header with its cells", () => {
    expect(headerKind({ numeric: true })).toBe("numeric");
    expect(headerKind({})).toBe("text");
    expect(headerKind({ isRowHeader: true })).toBe("text");
  });

  it("counts as scrolling only when the content is wider than the box by more than rounding", () => {
    expect(scrollsSideways(900, 600)).toBe(true);
    expect(scrollsSideways(600, 600)).toBe(false);
    expect(scrollsSideways(601, 600)).toBe(false);
    expect(scrollsSideways(500, 600)).toBe(false);
  });

  it("makes the scroll container a named, focusable region only while it scrolls", () => {
    expect(scrollRegionProps(true, "caption-1")).toEqual({ role: "region", tabIndex: 0, "aria-labelledby": "caption-1" });
    expect(scrollRegionProps(false, "caption-1")).toEqual({});
  });
});
