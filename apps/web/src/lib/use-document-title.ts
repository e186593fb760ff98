import { useEffect } from 'react';

/** Sets the browser tab title: '{title} | MyProsper'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | MyProsper`;
  }, [title]);
}
