import { style } from "@vanilla-extract/css";
import { media, vars } from "../../../styles/theme.css.ts";

export { loadingArea as loading } from "../../../styles/utils.css.ts";

export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.lg,
  "@media": { [media.md]: { gridTemplateColumns: "14rem minmax(0, 1fr)" } },
});

/** The desktop side panel; on small screens the drawer replaces it. */
export const sidePanel = style({
  display: "none",
  "@media": { [media.md]: { display: "flex", flexDirection: "column", gap: vars.space.sm, alignSelf: "start" } },
});

export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const main = style({ display: "flex", flexDirection: "column", gap: vars.space.md, minWidth: 0 });

export const toolbar = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: vars.space.sm,
  alignItems: "end",
  "@media": { [media.md]: { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)" } },
});

/** Industry and interest dropdowns: in the toolbar on desktop, in the drawer on phones. */
export const desktopOnly = style({ display: "none", "@media": { [media.md]: { display: "block" } } });

export const mobileOnly = style({ "@media": { [media.md]: { display: "none" } } });

export const summary = style({
  // Paging scrolls here: a little air below the sticky header.
  scrollMarginTop: vars.space.md,
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  flexWrap: "wrap",
  minHeight: "2.75rem",
});

export const summaryActions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });


export const count = style({ margin: 0, color: vars.color.textMuted });

/** Spec section 9: 1, 2 or 3 columns. */
export const grid = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": {
    [media.sm]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    [media.lg]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
  },
});

export const gridItem = style({ display: "flex", flexDirection: "column" });

export const empty = style({
  margin: 0,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceMuted,
  textAlign: "center",
  color: vars.color.text,
});

/** A page past the last: the message and the way back, in place of the empty state. */
export const pastLast = style([
  empty,
  { display: "flex", flexDirection: "column", alignItems: "center", gap: vars.space.sm },
]);

export const stale = style({ opacity: 0.6, transition: `opacity ${vars.duration.fast}` });

export const pagination = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.md,
  flexWrap: "wrap",
});

export const drawerBody = style({ display: "flex", flexDirection: "column", gap: vars.space.md });
