// Preloaded into the API process by scripts/bench-sse.ts (node --require): on SIGUSR2 it
// collects garbage and writes process.memoryUsage() as JSON to BENCH_MEMORY_FILE, so the
// benchmark can read the heap of a process it did not start in-process. It changes nothing else.
const { writeFileSync } = require('node:fs');
const v8 = require('node:v8');
const vm = require('node:vm');

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
process.on('SIGUSR2', () => {
  gc();
  gc();
  writeFileSync(process.env.BENCH_MEMORY_FILE, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
});
