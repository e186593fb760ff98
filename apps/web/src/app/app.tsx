import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { Toasts } from './layout/toasts.tsx';
import { SessionProvider } from './providers/session-provider.tsx';
import { StartupEffects } from './providers/startup-effects.tsx';
import { AppRoutes, preloadPage } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
});

// The first page's code is requested at once rather than once the app has rendered (for the public pages
// boot.ts has requested it already, with their data: first-page.ts).
preloadPage(window.location.pathname);

/** Providers, then the token check (spec 4), then the routes. */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <BrowserRouter>
            <StartupEffects />
            <AppRoutes />
          </BrowserRouter>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
