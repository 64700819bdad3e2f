// Preloaded with `node -r` by test/e2e/exit-when-done.test.ts: at exit, write
// what the process still had pending (timers, sockets) and which of Node's
// own modules it loaded, as JSON, to $AT_EXIT_FILE.
'use strict';
const { writeFileSync } = require('node:fs');

process.on('exit', () => {
  writeFileSync(
    process.env.AT_EXIT_FILE,
    JSON.stringify({
      pending: process.getActiveResourcesInfo(),
      modules: process.moduleLoadList,
    }),
  );
});
