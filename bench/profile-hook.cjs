// Loaded into a bench server by `--require` when BENCH_PROFILE=1 (bench/request-profile.ts): the first
// SIGUSR2 starts V8's CPU profiler, the next writes what it sampled to BENCH_PROFILE_DIR as
// cpu-<pid>-<n>.cpuprofile (written aside, then renamed: a file that is there is whole) and stops it.
const fs = require('node:fs');
const path = require('node:path');
const inspector = require('node:inspector');

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  let running = false;
  let taken = 0;
  process.on('SIGUSR2', () => {
    if (!running) {
      running = true;
      session.post('Profiler.enable', () => session.post('Profiler.start'));
      return;
    }
    running = false;
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      const file = path.join(dir, `cpu-${process.pid}-${++taken}.cpuprofile`);
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(result.profile));
      fs.renameSync(`${file}.tmp`, file);
    });
  });
}
