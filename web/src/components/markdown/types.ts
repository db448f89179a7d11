export interface MarkdownProps {
  /** Markdown from the model or the user; may be a growing, unfinished stream. */
  text: string;
  /**
   * `screen` (default): copy buttons, lazy images, wide tables and code scroll sideways.
   * `export`: the PNG export's rendering: no buttons, images load at once, long lines wrap.
   */
  variant?: 'screen' | 'export';
  className?: string;
}
