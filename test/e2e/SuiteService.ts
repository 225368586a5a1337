/**
 * The service process of one end-to-end suite, on a database of its own: started before the suite, stopped after
 * it, with every stream client the suite opened closed first.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { call } from "./Http.ts"
import { type RunningService, startService } from "./ServiceProcess.ts"
import { openStream, type StreamClient } from "./StreamClient.ts"

export const suiteService = (name: string, env: Record<string, string> = {}) => {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`))
  let service: RunningService
  const streams: Array<StreamClient> = []
  beforeAll(async () => {
    service = await startService(join(dir, "assets.db"), env)
  })
  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()))
    await service?.stop()
    rmSync(dir, { recursive: true, force: true })
  })
  return {
    baseUrl: () => service.baseUrl,
    http: (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
      call(service.baseUrl, method, path, body, headers),
    /** A stream client, closed with the suite. */
    open: async (path: string) => {
      const stream = await openStream(service.baseUrl, path)
      streams.push(stream)
      return stream
    },
    /** Closes every stream client opened so far. */
    closeStreams: () => Promise.all(streams.splice(0).map((stream) => stream.close())),
    /** Stops the service now (SIGTERM), as a test of shutdown does. */
    stop: () => service.stop()
  }
}
