/** The accent colour: primary actions and progress only (docs/style.md, Look and feel). */
export const ACCENT = '#7c6cf2';

/**
 * The accent as text on the dark surfaces (links, the chosen tab): lighter than the accent, so
 * it reads at 4.5:1 or more (WCAG AA) on every surface; white on the accent keeps its fill.
 */
export const ACCENT_TEXT = '#9d91ff';
