import { page } from './page.ts';

/** 'Page Not Found': an address no route has, or a route registered only for another role (spec 2.1). */
export const NotFound = page(() => import('./pages/not-found-page.tsx'), 'NotFoundPage');
