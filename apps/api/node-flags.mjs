// The V8 settings the API runs with, however it is started: `npm start` (package.json), `npm run
// start:cluster` (scripts/start-cluster.mjs), the Dockerfile's command, and the benchmark, the journeys and
// the fault suite, which run the API as `npm start` does. package.json and the Dockerfile spell them out;
// apps/api/src/node-flags.test.ts keeps every one of them the same as here.
//
// --max-semi-space-size=64 (MB; V8's default here is 16): every request allocates (parsed headers, the
// request and reply objects, promises), and with the default young generation the server collected garbage
// for about a quarter of its busy time under load. With 64 MB, cached catalogue answers went from 54 % to
// 68 % of the ceiling and a mentor's profile from 31 % to 40 % on the benchmark's machine (32 MB: 37 %; 128
// MB: no better than 64). The young generation grows to this size only under such load (decision 009).
export const apiNodeFlags = ['--max-semi-space-size=64'];
