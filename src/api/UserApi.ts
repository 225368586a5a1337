/**
 * The local user: its profile, and a stream of it (sent when the stream opens). There is no sign-in.
 */
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { ReturnedUserProfile } from "../domain/User.ts"
import { streamEndpoint } from "./StreamEndpoint.ts"

export class UserApi extends HttpApiGroup.make("user")
  .add(HttpApiEndpoint.get("userSnapshot", "/user", { success: ReturnedUserProfile }))
  .add(streamEndpoint("streamUser", "/user/stream"))
{}
