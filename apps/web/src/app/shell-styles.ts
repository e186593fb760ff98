/**
 * The shell's style sheet (Mantine's base styles and the shell's components, imported by main.tsx). The built
 * index.html names it in a meta tag instead of linking it (vite.config.ts), so the page paints its header,
 * styled inline, without waiting for it: boot.ts loads it on arrival, and main.tsx renders the app once it
 * has loaded, so the app never shows unstyled. In development Vite adds the styles itself.
 */
export const shellStylesReady: Promise<void> = loadShellStyles();

function loadShellStyles(): Promise<void> {
  const href = document.querySelector<HTMLMetaElement>('meta[name="shell-styles"]')?.content;
  if (!href) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    // Loaded or not, the app renders: a failed style sheet must not leave the page blank.
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve());
    document.head.append(link);
  });
}
