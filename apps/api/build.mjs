// Bundles the API into dist/server.js: our workspace code inlined, npm packages left in node_modules.
// `node build.mjs <folder>` writes the bundle there instead (the fault tests build a copy of their own).
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist';
rmSync(outdir, { recursive: true, force: true });

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@myprosper/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: ['src/server.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: `${outdir}/server.js`,
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
cpSync('src/db/migrations', `${outdir}/migrations`, { recursive: true });
// The Daraja sandbox's test key and certificate are read beside the bundle (daraja-results.routes.ts and
// providers/mpesa-results.ts resolve them from import.meta.url), so `npm start` can pay out in the sandbox.
for (const file of ['sandbox-initiator-key.pem', 'sandbox-initiator-cert.pem']) {
  cpSync(`sandbox/daraja/${file}`, `${outdir}/${file}`);
}
