/**
 * The local user: its profile, and a stream of it (sent when the stream opens). There is no sign-in.
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import { ReturnedUserProfile } from "../domain/User.ts"
import { streamEndpoint } from "./StreamEndpoint.ts"

export class UserApi extends HttpApiGroup.make("user")
  .add(HttpApiEndpoint.get("userSnapshot", "/user").addSuccess(ReturnedUserProfile))
  .add(streamEndpoint("streamUser", "/user/stream"))
{}
