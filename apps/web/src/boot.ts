/*
 * index.html's first script, loaded beside the shell (vite.config.ts adds it): small and without the shell's
 * libraries, it runs as soon as it arrives and starts, while the shell's code is still on its way, the shell's
 * style sheet (app/shell-styles.ts) and the first public page's code and data (app/first-page.ts).
 */
import './app/shell-styles.ts';
import { startPublicPage } from './app/first-page.ts';

startPublicPage(window.location);

// The service worker (vite.config.ts: installableApp), once the page has what it needs.
addEventListener('load', () => void navigator.serviceWorker?.register('/sw.js'));
