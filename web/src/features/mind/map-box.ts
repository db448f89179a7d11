/** The map's box: the drawn map (`mind-map-panel.tsx`), and its place while that part loads. */
export const MAP_BOX =
  'h-[44vh] min-h-[320px] rounded-xl border border-white/5 lg:h-[calc(100dvh-300px)] lg:min-h-[420px]';
