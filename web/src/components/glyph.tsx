import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type ReactNode } from 'react';

/** React's names for a drawing's hyphenated attributes (`fill-rule` → `fillRule`). */
function reactNames(attrs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attrs).map(([name, value]) => [
      name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
      value,
    ]),
  );
}

/** One node of an icon's drawing (`svg`, `path`), with its attributes as React props. */
function node(n: AbstractNode, key?: number): ReactNode {
  const { class: className, ...attrs } = n.attrs;
  return createElement(
    n.tag,
    { key, className, ...reactNames(attrs) },
    n.children?.map((child, i) => node(child, i)),
  );
}

/**
 * An antd icon drawn without `@ant-design/icons` (its context, colour helpers and style
 * insertion): the same `span.anticon` and `svg` markup, for the shell and the first paint, which
 * load no antd. `.anticon`'s rules are in index.css. Outlined and filled icons only.
 */
export function Glyph({ icon, className }: { icon: IconDefinition; className?: string }) {
  const drawing = typeof icon.icon === 'function' ? icon.icon('', '') : icon.icon;
  return (
    <span
      role="img"
      aria-label={icon.name}
      // antd's loading icon turns by itself (`anticon-spin`, index.css).
      className={`anticon anticon-${icon.name}${icon.name === 'loading' ? ' anticon-spin' : ''}${
        className ? ` ${className}` : ''
      }`}
    >
      {createElement(
        'svg',
        {
          ...reactNames(drawing.attrs),
          'data-icon': icon.name,
          width: '1em',
          height: '1em',
          fill: 'currentColor',
          'aria-hidden': 'true',
        },
        drawing.children?.map((child, i) => node(child, i)),
      )}
    </span>
  );
}
