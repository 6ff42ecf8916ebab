// Loaded into both servers by bench/run.js (node --require): between the benchmark's 'heap-meter:start' and
// 'heap-meter:read' messages, bytes allocated on the JavaScript heap and the main thread's time in garbage collection.
// Unlike throughput, allocation per request hardly moves between runs on a busy machine, so it shows what a change did.
'use strict';
const { GCProfiler, getHeapStatistics } = require('node:v8');

let profiler;
let usedAtStart = 0;

process.on('message', (message) => {
  if (message === 'heap-meter:start') {
    profiler = new GCProfiler();
    profiler.start();
    usedAtStart = getHeapStatistics().used_heap_size;
    process.send('heap-meter:started');
  } else if (message === 'heap-meter:read' && profiler) {
    const { statistics } = profiler.stop();
    profiler = undefined;
    // Allocated = growth of the used heap between collections, plus the growth since the last one.
    let allocated = 0;
    let usedAfterPrevious = usedAtStart;
    let gcMs = 0;
    for (const gc of statistics) {
      allocated += gc.beforeGC.heapStatistics.usedHeapSize - usedAfterPrevious;
      usedAfterPrevious = gc.afterGC.heapStatistics.usedHeapSize;
      gcMs += gc.cost / 1000;
    }
    allocated += getHeapStatistics().used_heap_size - usedAfterPrevious;
    process.send({ heapMeter: { allocatedBytes: allocated, gcMs } });
  }
});
