'use strict';
// The bench side of bench/start-meter.js: a service started with `--require bench/start-meter.js` and an IPC channel
// measures its heap, RSS and event loop between a `start` and a `read` sent here.
const { join } = require('node:path');

/** Node arguments that load the meter into the service. */
const START_METER_ARGS = ['--require', join(__dirname, '..', 'start-meter.js')];

/** How long `work` takes, in ms. */
async function timedMs(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Times `work` while the meter in the service measures heap, RSS and the event loop. */
async function metered(server, work) {
  await meter(server, 'start');
  const ms = await timedMs(work);
  return { ms, ...(await meter(server, 'read')) };
}

function meter(server, command) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not answer start-meter:${command}`)), 10_000);
    const onMessage = (message) => {
      const answer = command === 'start' ? message === 'start-meter:started' : message?.startMeter;
      if (!answer) return;
      clearTimeout(timer);
      server.off('message', onMessage);
      resolve(message.startMeter);
    };
    server.on('message', onMessage);
    server.send(`start-meter:${command}`);
  });
}

module.exports = { START_METER_ARGS, metered, timedMs };
