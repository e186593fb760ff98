import { useEffect, useState } from 'react';

/** The height of the app's sticky header (it wraps to two rows on tablets), kept up to date. */
export function useAppHeaderHeight(fallback = 64): number {
  const [height, setHeight] = useState(fallback);
  useEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const measure = () => setHeight(Math.round(header.getBoundingClientRect().height));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}
