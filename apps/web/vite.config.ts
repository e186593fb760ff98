import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkOf } from './vite.chunks.ts';

const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a .br and a .gz beside every text file of the build, so the server sends them without compressing
 * on each request (@fastify/static's preCompressed). A copy that is not smaller is not written.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'myprosper:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter(
        (file) => compressible.test(file) && !file.startsWith('.vite'),
      );
      for (const file of files) {
        const path = join(outDir, file);
        if (!(await stat(path)).isFile()) continue;
        const content = await readFile(path);
        const [br, gz] = await Promise.all([
          promisify(brotliCompress)(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          promisify(gzip)(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < content.length) await writeFile(`${path}.br`, br);
        if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
      }
    },
  };
}

/**
 * Gives every Mantine component its own style sheet (@mantine/core/styles/<Name>.css), imported by the module
 * that names its classes, instead of one sheet of every component before the first paint: each chunk of
 * components brings the styles of its components, after those of the components they build on. The shell's
 * components (the vendor chunk) are the exception: main.tsx imports their sheets with Mantine's base styles,
 * so the first paint waits for one style sheet only.
 */
function mantineComponentStyles(): Plugin {
  const classNames = /\/@mantine\/core\/esm\/.*\/(\w+)\.module\.css\.mjs$/;
  const main = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
  return {
    name: 'myprosper:mantine-component-styles',
    async transform(code, id) {
      const name = classNames.exec(id)?.[1];
      if (!name) return undefined;
      const sheet = `@mantine/core/styles/${name}.css`;
      if (chunkOf(id) !== 'vendor') return `import '${sheet}';\n${code}`;
      if (!(await readFile(main, 'utf8')).includes(`'${sheet}'`)) {
        this.error(`${name} is in the shell's chunk: src/main.tsx must import '${sheet}'`);
      }
      return undefined;
    },
  };
}

/**
 * Adds boot.ts, the build's second entry, to index.html as an async module script: without the shell's
 * libraries, it runs as soon as it arrives, before the shell's code has (see boot.ts). And names the shell's
 * style sheet in a meta tag instead of linking it: boot.ts loads it, so the first paint (the header index.html
 * styles inline) does not wait for it (see app/shell-styles.ts).
 */
function bootScript(): Plugin {
  const shellStylesLink = /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/;
  return {
    name: 'myprosper:boot-script',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        // In development the module itself (and Vite adds the styles); in a build its chunk.
        const chunk = Object.values(bundle ?? {}).find(
          (file) => file.type === 'chunk' && file.isEntry && file.facadeModuleId === bootEntry,
        );
        const src = `/${chunk?.fileName ?? 'src/boot.ts'}`;
        const tags = [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src },
            injectTo: 'head' as const,
          },
        ];
        if (!chunk) return tags;
        const styles = shellStylesLink.exec(html);
        const named = styles && html.replace(styles[0], `<meta name="shell-styles" content="${styles[1]}">`);
        if (!named || named.includes('rel="stylesheet"')) {
          throw new Error(
            "index.html should link one style sheet, the shell's: app/shell-styles.ts loads one",
          );
        }
        return { html: named, tags };
      },
    },
  };
}

/**
 * An installable app (issue 26): the manifest, and a service worker (Workbox, generated) that keeps index.html and
 * what a visit downloaded anyway, the build's hashed files, pictures and the public catalogue's answers, so a
 * repeat visit shows the page from the phone at once and a visit offline shows the last known programs and
 * mentors. Nothing is downloaded ahead of the visit but index.html (a few kB): data costs money here. Catalogue
 * answers are shown from the phone and asked again behind them (an unchanged answer is a 304 with no body: its
 * ETag). Requests carrying a sign-in, and every write (bookings, payments), always go to the server.
 * boot.ts registers the worker once the page has loaded.
 */
function installableApp() {
  return VitePWA({
    strategies: 'generateSW',
    injectRegister: false,
    registerType: 'autoUpdate',
    manifest: {
      name: 'MyProsper',
      short_name: 'MyProsper',
      description:
        'MyProsper connects you to experienced professionals for personalised, affordable advice on demand.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b7285',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['index.html'],
      navigateFallback: '/index.html',
      // Addresses the server answers itself: the API, downloads, the stand-ins and the build's own files.
      navigateFallbackDenylist: [
        /^\/(myprosper|uploads|dev|sandbox|assets|media|images|icons)\//,
        /^\/[^/]+\.[a-z]+$/,
      ],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'app-code', expiration: { maxEntries: 80, maxAgeSeconds: 30 * 86_400 } },
        },
        {
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin && /^\/(images|icons|uploads\/images)\//.test(url.pathname),
          handler: 'CacheFirst',
          options: { cacheName: 'pictures', expiration: { maxEntries: 120, maxAgeSeconds: 30 * 86_400 } },
        },
        {
          urlPattern: ({ url, request, sameOrigin }) =>
            sameOrigin &&
            request.method === 'GET' &&
            !request.headers.has('authorization') &&
            // The public catalogue's reads (written out here: Workbox copies this function's text into sw.js).
            /^\/myprosper\/api\/(getLiveTopics|getTopicDetails\/|getTopicAdvisors\/|getTopAdvisors\/|getAdvisorDetails\/|getFAQsByUserType\/|getActiveTestimonials|getPricingSettingByPriceType\/)/.test(
              url.pathname,
            ),
          handler: 'StaleWhileRevalidate',
          options: {
            cacheName: 'catalogue',
            expiration: { maxEntries: 60, maxAgeSeconds: 7 * 86_400 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}

const bootEntry = fileURLToPath(new URL('./src/boot.ts', import.meta.url));

export default defineConfig({
  plugins: [react(), mantineComponentStyles(), installableApp(), precompress(), bootScript()],
  server: {
    port: 5173,
    proxy: {
      '/myprosper': { target: 'http://localhost:3000', ws: true },
      '/uploads': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
      '/sandbox': 'http://localhost:3000',
    },
  },
  build: {
    target: 'es2022',
    // Every browser of the es2022 target preloads modules itself: no polyfill in the first download.
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
    // dist/.vite/manifest.json: which chunks each page loads, read by scripts/size-check.mjs.
    manifest: true,
    // A few chunks instead of one per Mantine component or hook (vite.chunks.ts).
    rollupOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), boot: bootEntry },
      output: { manualChunks: chunkOf },
    },
  },
});
