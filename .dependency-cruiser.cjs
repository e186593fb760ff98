/**
 * The walls between parts of the code, checked by `npm run lint` (docs/decisions/010-api-feature-doors.md).
 *
 * API: each feature in apps/api/src/features/<feature>/ is a sibling of the others over the shared db/, lib/,
 * providers/, jobs/ and config/. Outside its folder a feature is reached only through its door,
 * <feature>/<feature>.door.ts; features are wired together in apps/api/src/app.ts (the composition root).
 * Web: a feature in apps/web/src/features/<feature>/ never imports another; app/ composes them.
 *
 * Exceptions, and why:
 * - Tests (*.test.ts, *.test-helpers.ts and apps/api/test/) drive the whole app to check it from outside:
 *   a feature's tests may use another feature's door and its *.test-helpers.ts (a second, test-only door:
 *   signing in, booking, paying); tests outside features (apps/api/test/, db/, providers/) may reach any
 *   file. Production code never imports test code.
 * - Every file of a feature must be reachable from its door, except entry points (*.cli.ts) and
 *   sessions/ratings.repository.ts, which only its tests read.
 */

/** Test code: unit and integration tests, their helpers, and the API's test folder. */
const tests = [
  '\\.test\\.tsx?$',
  '\\.test-helpers\\.ts$',
  '^apps/api/test/',
  '^apps/web/e2e/',
  '(^|/)(vitest|playwright)\\.config\\.ts$',
];
const apiFeatures = '^apps/api/src/features/';
/** The door of any API feature: features/<name>/<name>.door.ts. */
const door = '^apps/api/src/features/([^/]+)/\\1\\.door\\.ts$';
const testHelpers = '^apps/api/src/features/[^/]+/[^/]+\\.test-helpers\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A module must not depend on itself through others: break the cycle with wiring in app.ts or a callback.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'api-feature-reachable-from-door',
      severity: 'error',
      comment:
        "Every file of a feature is reached from its door (the door exports the feature's plugin). With " +
        'api-feature-door-only this makes a cycle between features a cycle between files, which no-circular ' +
        'reports. Left out: entry points run on their own (*.cli.ts), and sessions/ratings.repository.ts, which ' +
        'only its tests read (nothing but tests can reach it, so it can be on no cycle).',
      from: { path: door },
      to: {
        path: `${apiFeatures}$1/`,
        pathNot: [...tests, '\\.cli\\.ts$', '^apps/api/src/features/sessions/ratings\\.repository\\.ts$'],
        reachable: false,
      },
    },
    {
      name: 'api-feature-door-only',
      severity: 'error',
      comment:
        "An API feature reaches another only through that feature's door (<feature>/<feature>.door.ts), never its " +
        'private files. Export what is needed from the door, or pass it in through app.ts.',
      from: { path: `${apiFeatures}([^/]+)/`, pathNot: tests },
      to: { path: apiFeatures, pathNot: [`${apiFeatures}$1/`, door] },
    },
    {
      name: 'api-feature-tests-door-only',
      severity: 'error',
      comment: "A feature's tests reach another feature through its door or its *.test-helpers.ts only.",
      from: { path: `${apiFeatures}([^/]+)/.+(\\.test\\.ts|\\.test-helpers\\.ts)$` },
      to: { path: apiFeatures, pathNot: [`${apiFeatures}$1/`, door, testHelpers] },
    },
    {
      name: 'api-composition-root-door-only',
      severity: 'error',
      comment: 'app.ts and server.ts wire features through their doors only; the benchmark uses doors too.',
      from: { path: ['^apps/api/src/[^/]+\\.ts$', '^bench/'], pathNot: tests },
      to: { path: apiFeatures, pathNot: door },
    },
    {
      name: 'api-shared-no-features',
      severity: 'error',
      comment:
        'db/, lib/, providers/, jobs/, config/ and the sandboxes sit below the features: they never import one ' +
        '(a feature passes what they need in).',
      from: { path: '^apps/api/(src/(db|lib|providers|jobs|config)|sandbox)/', pathNot: tests },
      to: { path: apiFeatures },
    },
    {
      name: 'api-providers-no-db',
      severity: 'error',
      comment:
        'Providers are clients of outside services and never write our tables: a feature (e.g. outbox) is ' +
        'passed in to record what they did.',
      from: { path: '^apps/api/src/providers/', pathNot: tests },
      to: { path: '^apps/api/src/db/' },
    },
    {
      name: 'api-lib-no-providers',
      severity: 'error',
      comment: 'One direction between the two: providers may use lib/, lib/ never imports providers/.',
      from: { path: '^apps/api/src/lib/', pathNot: tests },
      to: { path: '^apps/api/src/providers/' },
    },
    {
      name: 'no-test-code-in-production',
      severity: 'error',
      comment: 'Production code never imports tests or their helpers.',
      from: { path: '^(apps|packages)/', pathNot: tests },
      to: { path: tests },
    },
    {
      name: 'web-feature-isolation',
      severity: 'error',
      comment:
        'A web feature never imports another feature: shared code lives in components/ or lib/, app/ composes.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
  ],
  options: {
    // Type-only imports are walls too (an interface imported from a private file is a private import).
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
  },
};
