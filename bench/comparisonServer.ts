/**
 * The servers the benchmarks compare the service with (`baseline-server.ts`, `framework-floor-server.ts`), each run
 * from its TypeScript source with tsx, in a process of its own, on a free port.
 */
import { startProcess } from "../test/e2e/ServiceProcess.ts"

/** A comparison server from bench/, its database (if it keeps one) at `dbPath`. */
export const startComparison = (script: string, dbPath: string) =>
  startProcess(process.execPath, ["--import", "tsx", script], dbPath)
