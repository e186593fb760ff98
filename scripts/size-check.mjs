#!/usr/bin/env node
// `npm run size`: the web budgets of issue 8, measured on the build (apps/web/dist, or WEB_DIST).
// Builds first when there is no build (or with --build). Prints tables; exits 1 when a budget is broken.
//
//   initial JS of the home page   the JS index.html loads (its script and the chunks that script imports),
//                                 gzipped, at most 120 kB. The page's own route chunks follow it at once
//                                 (requested while the shell starts): they are listed too, and each chunk is
//                                 held to the chunk budget.
//   any chunk                     every JS file of the build beyond index.html's, gzipped, at most 60 kB
//   CSS                           what the home page loads, gzipped, at most 40 kB
//   loaded only where used        the video call, cropper, phone input and payment code are in none of the
//                                 chunks the public pages load first
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const KB = 1000;
export const budgets = { homeInitialJs: 120 * KB, chunk: 60 * KB, css: 40 * KB };

/** The pages of the Lighthouse run, by their route module; the home page's total is the budgeted one. */
export const pages = {
  Home: 'src/features/catalogue/pages/home-page.tsx',
  Programs: 'src/features/catalogue/pages/programs-page.tsx',
  'Program details': 'src/features/catalogue/pages/program-details-page.tsx',
  Mentors: 'src/features/catalogue/pages/advisors-page.tsx',
  'Advisor profile': 'src/app/pages/mentor-page.tsx',
};

/** Code that must load only where it is used: a marker found only in that code, per kind. */
const onlyWhereUsed = {
  'video call': /RTCPeerConnection/,
  cropper: /reactEasyCrop_/,
  'phone input': /libphonenumber|isValidPhoneNumber|AsYouType/,
  payment: /makeMpesaPayment|generateCardHttpSignature/,
};

const root = resolve(fileURLToPath(import.meta.url), '../..');

function gz(content) {
  return gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
}

function br(content) {
  return brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;
}

function kb(bytes) {
  return `${(bytes / KB).toFixed(1)} kB`;
}

/** Every chunk a manifest entry pulls in with static imports, the entry itself first. */
function closure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/** Reads the build and returns every figure of the budgets (also used by scripts/bench-web.mjs). */
export function measure(dist) {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const content = readFileSync(join(dist, file));
      sizes.set(file, {
        raw: content.length,
        gzip: gz(content),
        brotli: br(content),
        text: content.toString(),
      });
    }
    return sizes.get(file);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error(`No entry in ${manifestPath}`);
  const entryChunks = closure(manifest, entryKey);

  const pageFigures = Object.entries(pages).map(([name, module]) => {
    if (!manifest[module]) throw new Error(`${module} (${name}) is not a chunk of the build`);
    const keys = closure(manifest, module, new Set(entryChunks));
    const js = [...keys].map((key) => manifest[key].file);
    const css = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
    const sum = (files, field) => files.reduce((total, file) => total + sizeOf(file)[field], 0);
    const found = Object.entries(onlyWhereUsed)
      .filter(([, marker]) => js.some((file) => marker.test(sizeOf(file).text)))
      .map(([kind]) => kind);
    return {
      name,
      js: { files: js.length, gzip: sum(js, 'gzip'), brotli: sum(js, 'brotli') },
      css: { files: css.length, gzip: sum(css, 'gzip'), brotli: sum(css, 'brotli') },
      loadedTooEarly: found,
    };
  });

  const entryFiles = new Set([...entryChunks].map((key) => manifest[key].file));
  const assets = readdirSync(join(dist, 'assets')).map((file) => `assets/${file}`);
  const chunks = assets
    .filter((file) => file.endsWith('.js') && !entryFiles.has(file))
    .map((file) => ({ file, gzip: sizeOf(file).gzip }))
    .sort((a, b) => b.gzip - a.gzip);
  const cssFiles = assets
    .filter((file) => file.endsWith('.css'))
    .map((file) => ({ file, gzip: sizeOf(file).gzip }))
    .sort((a, b) => b.gzip - a.gzip);
  const entryJs = [...entryFiles].reduce((total, file) => total + sizeOf(file).gzip, 0);
  return { entryJs, pages: pageFigures, chunks, cssFiles };
}

/** The figures against the budgets: one row per check, `ok` false when broken. */
export function check(figures) {
  const home = figures.pages.find((page) => page.name === 'Home');
  const rows = [
    {
      check: 'Home: initial JS (what index.html loads)',
      size: figures.entryJs,
      budget: budgets.homeInitialJs,
    },
    { check: 'Home: initial CSS', size: home.css.gzip, budget: budgets.css },
  ];
  const largest = figures.chunks[0];
  if (largest)
    rows.push({ check: `Largest chunk (${largest.file})`, size: largest.gzip, budget: budgets.chunk });
  for (const chunk of figures.chunks.slice(1)) {
    if (chunk.gzip > budgets.chunk)
      rows.push({ check: `Chunk ${chunk.file}`, size: chunk.gzip, budget: budgets.chunk });
  }
  for (const file of figures.cssFiles) {
    if (file.gzip > budgets.css)
      rows.push({ check: `CSS ${file.file}`, size: file.gzip, budget: budgets.css });
  }
  for (const row of rows) row.ok = row.size <= row.budget;
  const misplaced = figures.pages.flatMap((page) =>
    page.loadedTooEarly.map((kind) => ({ check: `${page.name} loads the ${kind} code`, ok: false })),
  );
  return [...rows, ...misplaced];
}

/** A plain text table: a header row, then one row per item, columns padded to their widest cell. */
export function formatTable(header, rows) {
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => String(row[column]).length)),
  );
  const line = (row) => row.map((cell, column) => String(cell).padEnd(widths[column])).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

function printTables(figures, rows) {
  console.info(
    "\nFirst load per page: what index.html loads, then the page's route chunks (fetched at once)",
  );
  console.info(
    formatTable(
      ['page', 'JS files', 'JS gzip', 'JS brotli', 'CSS gzip'],
      figures.pages.map((page) => [
        page.name,
        page.js.files,
        kb(page.js.gzip),
        kb(page.js.brotli),
        kb(page.css.gzip),
      ]),
    ),
  );
  console.info(
    `of which index.html's own JS (the shell, the budgeted initial JS): ${kb(figures.entryJs)} gzip`,
  );
  console.info('\nLargest lazy chunks');
  console.info(
    formatTable(
      ['chunk', 'gzip'],
      figures.chunks.slice(0, 8).map((chunk) => [chunk.file, kb(chunk.gzip)]),
    ),
  );
  console.info('\nBudgets');
  console.info(
    formatTable(
      ['check', 'size', 'budget', 'result'],
      rows.map((row) => [
        row.check,
        row.size === undefined ? '' : kb(row.size),
        row.budget === undefined ? '' : kb(row.budget),
        row.ok ? 'ok' : 'OVER',
      ]),
    ),
  );
}

function main() {
  const dist = resolve(root, process.env.WEB_DIST ?? 'apps/web/dist');
  if (process.argv.includes('--build') || !existsSync(join(dist, '.vite', 'manifest.json'))) {
    console.info('▶ building the web app');
    const build = spawnSync('npm', ['run', 'build', '-w', '@myprosper/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const figures = measure(dist);
  const rows = check(figures);
  printTables(figures, rows);
  const broken = rows.filter((row) => !row.ok);
  if (broken.length > 0) {
    console.error(`\n✗ ${broken.length} web budget(s) broken`);
    process.exit(1);
  }
  console.info('\n✓ every web budget met');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
