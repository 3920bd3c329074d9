import { style } from "@vanilla-extract/css";
import { media, vars } from "../../../styles/theme.css.ts";

// The page's column, its spinner and its cards look as they do elsewhere.
export { roomyPage as page } from "../../../components/Page.css.ts";
export { card, loadingArea as loading } from "../../../styles/utils.css.ts";

export const header = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });

export const title = style({ margin: 0 });

export const subtitle = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.textMuted });

export const statusLine = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  margin: 0,
  // Takes the focus after a decision (its button is gone): a ring for keyboards only.
  selectors: { "&:focus": { outline: "none" }, "&:focus-visible": { outline: `${vars.size.focusRing} solid ${vars.color.focus}` } },
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.xl,
  "@media": { [media.lg]: { gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)" } },
});

export const column = style({ display: "flex", flexDirection: "column", gap: vars.space.lg, minWidth: 0 });

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl });

export const text = style({ margin: 0, whiteSpace: "pre-line", lineHeight: vars.lineHeight.normal, overflowWrap: "anywhere" });

export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: `${vars.space.xxs} ${vars.space.sm}`,
  margin: 0,
  "@media": { [media.sm]: { gridTemplateColumns: "auto minmax(0, 1fr)" } },
});

/** A term and its value, grouped for the markup and laid out by the list's grid. */
export const factRow = style({ display: "contents" });

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const value = style({ margin: 0, fontWeight: vars.fontWeight.medium, overflowWrap: "anywhere" });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const formRow = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.md,
  "@media": { [media.sm]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});

// The thread ---------------------------------------------------------------------------

/** The messages scroll inside the card; the box takes the keyboard focus to do so. */
export const thread = style({
  maxHeight: vars.size.threadPanel,
  overflowY: "auto",
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  selectors: { "&:focus-visible": { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: "2px" } },
});

export const messages = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, margin: 0, padding: 0, listStyle: "none" });

/** A message never spans the whole thread, so whose it is reads from its side too. */
const BUBBLE_MAX_WIDTH = "85%";

const bubble = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  maxWidth: BUBBLE_MAX_WIDTH,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

/** Mine on the right, theirs on the left; the sender's name says it too. */
export const mine = style([bubble, { alignSelf: "flex-end", background: vars.color.brandSoft }]);

export const theirs = style([bubble, { alignSelf: "flex-start", background: vars.color.surface }]);

export const messageMeta = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const sender = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });

// Letters of intent ---------------------------------------------------------------------

export const letters = style({ display: "flex", flexDirection: "column", gap: vars.space.md, margin: 0, padding: 0, listStyle: "none" });

export const letter = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

export const letterHeader = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.xs });

export const amount = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
