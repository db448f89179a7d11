/**
 * The computed style properties copied onto each node of the export's image. html-to-image
 * copies all of them by default (~350 a node): 40 chat messages then make a 42 MB SVG that
 * takes seconds to build and decode; with these it is 7 MB, five times faster, and the image
 * is the same pixel for pixel (compared in Chromium on markdown, tables, code, KaTeX, task
 * lists). Anything left out keeps its initial value, which is what the sheet has anyway.
 */
export const EXPORT_STYLE_PROPERTIES = [
  // box and layout
  'display',
  'position',
  'top',
  'right',
  'bottom',
  'left',
  'float',
  'clear',
  'z-index',
  'box-sizing',
  'width',
  'height',
  'min-width',
  'min-height',
  'max-width',
  'max-height',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'overflow-x',
  'overflow-y',
  'vertical-align',
  'visibility',
  'opacity',
  'clip',
  'clip-path',
  'transform',
  'transform-origin',
  'flex-direction',
  'flex-wrap',
  'flex-grow',
  'flex-shrink',
  'flex-basis',
  'justify-content',
  'align-items',
  'align-self',
  'align-content',
  'order',
  'row-gap',
  'column-gap',
  'table-layout',
  'border-collapse',
  'border-spacing',
  'list-style-type',
  'list-style-position',
  'object-fit',
  // borders and surfaces
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
  'border-top-style',
  'border-right-style',
  'border-bottom-style',
  'border-left-style',
  'border-top-color',
  'border-right-color',
  'border-bottom-color',
  'border-left-color',
  'border-top-left-radius',
  'border-top-right-radius',
  'border-bottom-right-radius',
  'border-bottom-left-radius',
  'background-color',
  'background-image',
  'box-shadow',
  // text
  'color',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'font-variant',
  'font-feature-settings',
  'font-synthesis',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'text-align',
  'text-indent',
  'text-transform',
  'text-decoration-line',
  'text-decoration-style',
  'text-decoration-color',
  'text-decoration-thickness',
  'text-underline-offset',
  'white-space',
  'white-space-collapse',
  'text-wrap-mode',
  'word-break',
  'overflow-wrap',
  'tab-size',
  'direction',
  '-webkit-font-smoothing',
  // form controls (task list checkboxes)
  'appearance',
  'accent-color',
  'color-scheme',
  // KaTeX's stretchy symbols are inline SVG
  'fill',
  'stroke',
  'stroke-width',
];

/**
 * Runs `work` while computed styles report an empty `cssText`. Chromium fills it in, and
 * html-to-image then copies that whole text instead of `includeStyleProperties` (Firefox
 * leaves it empty, so there the list applies anyway). Everything else a computed style
 * offers is passed through, so other code running meanwhile is unaffected.
 */
export async function withListedStyles<T>(work: () => Promise<T>): Promise<T> {
  const original = window.getComputedStyle;
  window.getComputedStyle = (element, pseudo) =>
    new Proxy(original.call(window, element, pseudo), {
      get(style, key) {
        if (key === 'cssText') return '';
        const value: unknown = Reflect.get(style, key, style);
        return typeof value === 'function' ? value.bind(style) : value;
      },
    });
  try {
    return await work();
  } finally {
    window.getComputedStyle = original;
  }
}
