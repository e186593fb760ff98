// Mantine's base styles and those of the components in the shell's own chunk (vite.chunks.ts): the shell's style
// sheet, which the app waits for (app/shell-styles.ts). The other components' styles come with their code (see
// vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import '@mantine/notifications/styles.css';
import './app/accessibility.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { shellStylesReady } from './app/shell-styles.ts';

const root = document.getElementById('root');
if (root) {
  void shellStylesReady.then(() => {
    // As a transition, the first render yields to the browser every few milliseconds instead of holding the
    // main thread (a phone stays responsive while the app starts).
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
}
