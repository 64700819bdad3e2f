// Preloaded with `node -r` by test/e2e/closed-pipe.test.ts: building
// process.stdout and process.stderr on a pipe makes libuv set O_NONBLOCK on
// the descriptors, as any earlier user of the streams in the same process
// (or a parent sharing the pipe) would. The CLI's writeSync then meets
// EAGAIN when the reader is slower than the output (src/stdio.ts).
'use strict';
void process.stdout;
void process.stderr;
