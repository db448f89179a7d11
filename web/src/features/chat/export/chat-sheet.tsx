import type { ReactNode } from 'react';
import Markdown from '../../../components/markdown/markdown';
import type { Slice } from './page-plan';

/** The export's column: the chat's reading width, whatever the screen. */
export const SHEET_WIDTH = 800;
/** Space above and below the content of every page. */
export const PAGE_PADDING_Y = 32;
const PAGE_PADDING_X = 40;
export const SHEET_BACKGROUND = '#0b0b0f';

export interface SheetMessage {
  role: string;
  content: string;
}

export interface SheetProps {
  messages: readonly SheetMessage[];
  title: string;
  siteName?: string;
  /** When the image was made, already formatted in the user's language. */
  date: string;
}

/** Every block of the sheet in order: the header, one per message, the site's name if any. */
function blocksOf({ messages, title, siteName, date }: SheetProps): ReactNode[] {
  const header = (
    <header className="border-b border-white/10 pb-4 mb-6">
      <div className="text-xl font-semibold leading-snug text-white/95">{title}</div>
      <div className="mt-1 text-xs text-white/55">{date}</div>
    </header>
  );
  const bubbles = messages.map((message, index) =>
    message.role === 'user' ? (
      <div key={index} className="flex justify-end pb-6">
        <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-xl bg-[#7c6cf2]/20 px-4 py-2.5 text-[15px] leading-7 text-white/90">
          {message.content}
        </div>
      </div>
    ) : (
      <div key={index} className="pb-6">
        <Markdown text={message.content} variant="export" />
      </div>
    ),
  );
  if (!siteName) return [header, ...bubbles];
  const footer = (
    <footer className="border-t border-white/10 pt-4 text-center text-xs text-white/55">
      {siteName}
    </footer>
  );
  return [header, ...bubbles, footer];
}

const pageStyle = {
  width: SHEET_WIDTH,
  padding: `${PAGE_PADDING_Y}px ${PAGE_PADDING_X}px`,
  background: SHEET_BACKGROUND,
  boxSizing: 'border-box',
} as const;

/**
 * The whole conversation in one column, each block marked for measuring. `flow-root` keeps
 * margins inside their block, so the blocks' heights add up to the column's.
 */
export function MeasureSheet(props: SheetProps) {
  return (
    <div style={pageStyle}>
      {blocksOf(props).map((block, index) => (
        <div key={index} data-export-block="" style={{ display: 'flow-root' }}>
          {block}
        </div>
      ))}
    </div>
  );
}

/** The same blocks laid out as pages: each slice shows `height` px of its block from `offset`. */
export function PagedSheet({ plan, ...props }: SheetProps & { plan: Slice[][] }) {
  const blocks = blocksOf(props);
  return (
    <>
      {plan.map((page, pageIndex) => (
        <div key={pageIndex} data-export-page="" style={pageStyle}>
          {page.map((slice) => (
            <div
              key={`${slice.block}-${slice.offset}`}
              style={{ height: slice.height, overflow: 'hidden' }}
            >
              <div style={{ display: 'flow-root', marginTop: -slice.offset }}>
                {blocks[slice.block]}
              </div>
            </div>
          ))}
        </div>
      ))}
    </>
  );
}
