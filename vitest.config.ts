import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Embedded PGlite starts in seconds and runs queries slower than a server; leave it room.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: two files at a time, each with its own database.
    maxWorkers: 2,
    // A worker keeps the modules it imported from one file to the next, so that the app and its
    // vocabularies load once a worker rather than once a file (README, "Test it").
    isolate: false,
    // .ci/run sets TEST_REPORT to sum both database modes into one closing line.
    ...(process.env.TEST_REPORT
      ? { reporters: ['default', 'json'], outputFile: { json: process.env.TEST_REPORT } }
      : {}),
  },
})
