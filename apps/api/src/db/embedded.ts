import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { embeddedApplicationName } from './connection.ts';

export interface EmbeddedPostgres {
  url: string;
  /** The whole data directory as one uncompressed tar, for `loadDataDir` of another instance. */
  dumpDataDir(): Promise<Blob>;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Start from a copy of this data directory (a tar from dumpDataDir) instead of an empty cluster. */
  loadDataDir?: Blob;
}

/**
 * Start PGlite (PostgreSQL in WebAssembly) behind a loopback socket, so the API connects to it with `pg`
 * exactly as it does to a server. `dataDir` undefined keeps everything in memory (tests). Starting from `loadDataDir` skips creating the
 * cluster (about 5 s of the 6 a fresh start takes): tests migrate one and start each file's copy of it.
 */
export async function startEmbeddedPostgres(
  dataDir?: string,
  options: EmbeddedOptions = {},
): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, btree_gist },
  });
  const server = new PGLiteSocketServer({
    db: keepProtocolBatchesWhole(db),
    host: '127.0.0.1',
    port: 0,
    maxConnections: 16,
  });
  await server.start();
  const address = server.getServerConn();
  return {
    url: `postgres://postgres@${address}/postgres?sslmode=disable&application_name=${embeddedApplicationName}`,
    dumpDataDir: () => db.dumpDataDir('none'),
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

/** Extended-protocol messages that open or continue a batch; Sync ('S') ends it, as do Query and Terminate. */
const batchMessages = new Set(['P', 'B', 'D', 'E', 'C', 'H']);
const batchEnds = new Set(['S', 'Q', 'X']);

/**
 * The socket server queues each protocol message on its own and only keeps a connection's messages together
 * inside a transaction. A parameterised query is several messages (Parse, Bind, Describe, Execute, Sync), so
 * two connections' queries could interleave and bind one's parameters to the other's statement. Reporting
 * "in a transaction" from a batch's first message to its Sync keeps every batch whole.
 */
function keepProtocolBatchesWhole(db: PGlite): PGlite {
  let isBatchOpen = false;
  return new Proxy(db, {
    get(target, property) {
      if (property === 'isInTransaction') return () => isBatchOpen || target.isInTransaction();
      if (property === 'execProtocolRawStream') {
        return async (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
          const type = String.fromCharCode(message[0] ?? 0);
          try {
            return await target.execProtocolRawStream(message, options);
          } finally {
            if (batchMessages.has(type)) isBatchOpen = true;
            else if (batchEnds.has(type)) isBatchOpen = false;
          }
        };
      }
      if (property === 'exec') {
        // The server rolls back with exec() when a connection drops mid-transaction: its batch ends too.
        return async (...args: Parameters<PGlite['exec']>) => {
          isBatchOpen = false;
          return target.exec(...args);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
