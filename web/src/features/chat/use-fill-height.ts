import { useEffect, useState } from 'react';

/**
 * The height left for the chat inside the layout's scrolling `<main>` (minus its padding for
 * the mobile bottom bar), so the chat fills the screen and scrolls inside itself: the page
 * never scrolls and the input stays at the bottom.
 */
export function useFillHeight(): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const main = document.getElementById('main-scroll');
    if (!main) return;
    const measure = () => {
      const style = getComputedStyle(main);
      setHeight(main.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(main);
    return () => observer.disconnect();
  }, []);
  return height;
}
