// Loaded into the server by bench/formats.js (node --require) for the largest starts (issue 26): between the
// benchmark's 'start-meter:start' and 'start-meter:read' messages, the peak of the main thread's used heap and of the
// process's RSS (worker threads included) above where they were, and the longest the event loop was blocked.
'use strict';
const { getHeapStatistics } = require('node:v8');
const { monitorEventLoopDelay } = require('node:perf_hooks');

let sampler;
let delay;
let base;
let peak;

function sample() {
  const heap = getHeapStatistics().used_heap_size;
  const { rss } = process.memoryUsage();
  peak = { heap: Math.max(peak.heap, heap), rss: Math.max(peak.rss, rss) };
}

process.on('message', (message) => {
  if (message === 'start-meter:start') {
    base = { heap: getHeapStatistics().used_heap_size, rss: process.memoryUsage().rss };
    peak = { ...base };
    delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    // Sampled on the event loop itself: a blocked loop also misses samples, which the delay figure shows.
    sampler = setInterval(sample, 5);
    process.send('start-meter:started');
  } else if (message === 'start-meter:read' && sampler) {
    clearInterval(sampler);
    sample();
    delay.disable();
    process.send({
      startMeter: { extraHeapBytes: peak.heap - base.heap, extraRssBytes: peak.rss - base.rss, maxLoopDelayMs: delay.max / 1e6 },
    });
    sampler = undefined;
  }
});
