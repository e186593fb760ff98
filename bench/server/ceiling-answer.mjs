// The ceiling's answer (ceiling.mjs), and so its body's size, which run.ts needs to tell the headers' share.
export const ceilingAnswer = { status: 'ok', data: 'ceiling' };
