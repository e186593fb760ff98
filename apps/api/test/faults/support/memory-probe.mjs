// Loaded into the API process by the fault tests (node --expose-gc --import <this file>): when the test
// process asks over the IPC channel, it answers the process's memory after a full collection and the kinds
// of resources that keep its event loop alive (sockets, timers, file handles). It changes nothing else.
if (typeof process.send === 'function') {
  process.on('message', (message) => {
    if (!message || message.type !== 'faults:sample') return;
    globalThis.gc?.();
    const resources = {};
    for (const kind of process.getActiveResourcesInfo()) resources[kind] = (resources[kind] ?? 0) + 1;
    process.send({ type: 'faults:sample', id: message.id, memory: process.memoryUsage(), resources });
  });
  // The channel must not keep a server that was told to stop alive.
  setImmediate(() => process.channel?.unref());
}
