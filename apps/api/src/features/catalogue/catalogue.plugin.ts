import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CatalogueRepository } from './catalogue.repository.ts';
import { catalogueResponseCache } from './response-cache.plugin.ts';
import { CatalogueVersion } from './response-cache.ts';
import { SearchLog } from './search-log.ts';

export interface CatalogueState {
  /** The catalogue's version as this process knows it: cached answers are valid while it is unchanged. */
  version: CatalogueVersion;
  /** Topic searches waiting to be written. */
  searches: SearchLog;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueState;
  }
  interface FastifyContextConfig {
    /** A write of this route never changes what the catalogue shows (an analytics event, say). */
    keepsCatalogue?: boolean;
  }
}

/** Requests that change nothing: every other request may have changed the catalogue. */
const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What the catalogue keeps per process, for the whole app: its version and the searches waiting to be
 * written. Any request that may have written (an admin's edit, a mentor's profile, a rating) makes this
 * process check the version again on its next read, so the writer sees the change at once; other processes
 * see it within catalogueVersionMaxAgeMs. Waiting searches are written when the app closes.
 */
export const cataloguePlugin = fp(
  async (app: FastifyInstance) => {
    const repository = new CatalogueRepository(app.db.db);
    const version = new CatalogueVersion(() => repository.readVersion());
    const searches = new SearchLog((batch) => repository.recordSearches(batch), {
      onError: (error, lost) => app.log.warn({ err: error, lost }, 'topic searches could not be recorded'),
    });
    app.decorate('catalogue', { version, searches });
    // Visitors' reads of the routes declared with `catalogueCache`, kept while the version is unchanged.
    await app.register(catalogueResponseCache);

    // onSend runs after the route's transaction committed and before the caller hears of it.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!readOnlyMethods.has(request.method) && request.routeOptions.config.keepsCatalogue !== true) {
        version.invalidate();
      }
      done(null, payload);
    });
    app.addHook('onClose', async () => {
      await searches.close();
    });
  },
  { name: 'catalogue', dependencies: ['db'] },
);
