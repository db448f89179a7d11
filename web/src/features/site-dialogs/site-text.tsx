import { Markdown } from '../../components/markdown';

/**
 * A text the operator wrote (notice, answer, about, contact), as markdown through the shared
 * renderer: raw HTML shows as text and `javascript:` links are dropped, so nothing in it can
 * run a script. The renderer loads on first use, so the site texts add nothing to the first page.
 */
export function SiteText({ text }: { text: string }) {
  return <Markdown text={text} className="text-sm" />;
}
