import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/buildService.ts"],
    // End-to-end suites start real server processes; give them time to boot and restart.
    testTimeout: 60_000,
    hookTimeout: 120_000
  }
})
