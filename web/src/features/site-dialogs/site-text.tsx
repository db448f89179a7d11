import { useMemo } from 'react';
import { Markdown } from '../../components/markdown';
import { renderLight } from '../../components/markdown/light-markdown';

/**
 * A text the operator wrote (notice, answer, about, contact), as markdown: raw HTML shows as
 * text and `javascript:` links are dropped, so nothing in it can run a script. A text within
 * the light renderer's subset (paragraphs, a list, bold: the welcome notice) renders at once
 * without the full renderer; anything else loads it on first use, so the site texts add
 * little to the first page.
 */
export function SiteText({ text }: { text: string }) {
  const light = useMemo(() => renderLight(text, 'text-sm'), [text]);
  return light ?? <Markdown text={text} className="text-sm" />;
}
