/**
 * The MCP sessions of the clients connected now: one per `initialize` over Streamable HTTP (named by its
 * `Mcp-Session-Id`), one per open stream of the legacy SSE transport. A session is one client of the RPC server (its
 * `clientId`), holds the resources its client subscribed to, and the queue of the event stream its client holds
 * open, if any, which is where notifications go. Sessions of Streamable HTTP outlive their requests: they end when
 * the client deletes them or after `IDLE_MINUTES` without a request or a stream; legacy ones end with their stream.
 */
import { Context, Effect, Layer, Queue } from "effect"
import { randomUUID } from "node:crypto"

export type McpTransportKind = "streamable" | "sse"

export interface McpSession {
  readonly id: string
  readonly clientId: number
  readonly transport: McpTransportKind
  /** Resource URIs the client subscribed to. */
  readonly subscriptions: Set<string>
  /** The event stream the client holds open, if any. */
  stream: Queue.Queue<string> | undefined
  lastActive: number
}

/** Sessions kept at most: past this, the one idle longest ends. */
const SESSION_LIMIT = 1_000
/** A Streamable HTTP session without a request or an open stream for this long ends. */
const IDLE_MINUTES = 30
/** Messages waiting for a client's stream at most: a client that reads none ends its session rather than memory. */
const BACKLOG_LIMIT = 10_000

export class McpSessions extends Context.Service<McpSessions>()("McpSessions", {
  make: Effect.gen(function*() {
    const sessions = new Map<string, McpSession>()
    const byClient = new Map<number, McpSession>()
    /** Clients whose session ended, for the RPC server to drop (and interrupt what they still run). */
    const ended = yield* Queue.unbounded<number>()
    const endedClients: Queue.Dequeue<number> = ended
    let nextClientId = 1

    const close = (session: McpSession) =>
      Effect.suspend(() => {
        if (sessions.get(session.id) !== session) return Effect.void
        sessions.delete(session.id)
        byClient.delete(session.clientId)
        const stream = session.stream
        session.stream = undefined
        return Effect.andThen(
          stream === undefined ? Effect.void : Queue.shutdown(stream),
          Queue.offer(ended, session.clientId)
        )
      })

    const open = (transport: McpTransportKind) =>
      Effect.gen(function*() {
        if (sessions.size >= SESSION_LIMIT) {
          const idlest = [...sessions.values()].reduce((a, b) => (b.lastActive < a.lastActive ? b : a))
          yield* close(idlest)
        }
        const session: McpSession = {
          id: randomUUID(),
          clientId: nextClientId++,
          transport,
          subscriptions: new Set(),
          stream: undefined,
          lastActive: Date.now()
        }
        sessions.set(session.id, session)
        byClient.set(session.clientId, session)
        return session
      })

    /** A live session by its id, marked active. */
    const find = (id: string): McpSession | undefined => {
      const session = sessions.get(id)
      if (session !== undefined) session.lastActive = Date.now()
      return session
    }

    /** A new event stream for the session's messages; one it had before ends. */
    const attachStream = (session: McpSession) =>
      Effect.gen(function*() {
        const previous = session.stream
        const queue = yield* Queue.unbounded<string>()
        session.stream = queue
        if (previous !== undefined) yield* Queue.shutdown(previous)
        return queue
      })

    /** The stream ended (its client went away); the session stays, for Streamable HTTP. */
    const detachStream = (session: McpSession, queue: Queue.Queue<string>) =>
      Effect.suspend(() => {
        if (session.stream === queue) session.stream = undefined
        session.lastActive = Date.now()
        return Queue.shutdown(queue)
      })

    /** Sends a message on the session's stream; without an open stream, it is not sent (as MCP allows). */
    const deliver = (session: McpSession, json: string) =>
      Effect.suspend(() => {
        const stream = session.stream
        if (stream === undefined) return Effect.void
        return Effect.flatMap(Queue.size(stream), (waiting) =>
          waiting >= BACKLOG_LIMIT
            ? Effect.andThen(
              Effect.logWarning(`MCP session ${session.id} reads none of its messages: ended`),
              close(session)
            )
            : Queue.offer(stream, json))
      })

    yield* Effect.gen(function*() {
      const idleBefore = Date.now() - IDLE_MINUTES * 60_000
      for (const session of [...sessions.values()]) {
        if (session.transport === "streamable" && session.stream === undefined && session.lastActive < idleBefore) {
          yield* close(session)
        }
      }
    }).pipe(Effect.delay("1 minute"), Effect.forever, Effect.forkScoped)

    yield* Effect.addFinalizer(() => Effect.forEach([...sessions.values()], close, { discard: true }))

    return {
      open,
      find,
      ofClient: (clientId: number): McpSession | undefined => byClient.get(clientId),
      all: (): ReadonlyArray<McpSession> => [...sessions.values()],
      counts: () => ({
        sessions: sessions.size,
        streams: [...sessions.values()].filter((session) => session.stream !== undefined).length
      }),
      clientIds: (): ReadonlySet<number> => new Set(byClient.keys()),
      close,
      attachStream,
      detachStream,
      deliver,
      ended: endedClients
    } as const
  })
}) {
  static readonly layer = Layer.effect(McpSessions, McpSessions.make)
}
