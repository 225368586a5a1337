/**
 * Under `npm start`, the service stops with the command that started it. A SIGTERM sent to npm alone (as a process
 * manager or a container runtime sends it) ends npm and the shell it started, but the shell does not pass the signal
 * on: the service ran on, orphaned, holding the library (the next start is refused: another instance is using it)
 * and the port. So when its parent process is gone, the service stops as on SIGTERM. Started otherwise (`node
 * dist/main.js` in the background of a shell that then exits, say), it keeps running, as such a start means it to.
 */

/** How often the parent is looked at: a stop a second late costs nothing, the check next to nothing. */
const CHECK_MILLIS = 1000

export const stopWithLauncher = (): void => {
  if (process.env.npm_lifecycle_event !== "start") return
  const parent = process.ppid
  const check = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(check)
    process.kill(process.pid, "SIGTERM")
  }, CHECK_MILLIS)
  check.unref()
}
