/**
 * The user of a local installation: one local profile, no sign-in. `UserProfile` requires an id and aesthetics
 * (theme and font); clients read the rest when present.
 */
import { Schema } from "effect"
import { GroupedTimestamp, Uuid } from "./Common.ts"

export const Aesthetics = Schema.Struct({
  theme: Schema.Struct({ dark: Schema.Boolean }),
  font: Schema.Struct({ size: Schema.Int })
}).annotate({ identifier: "Aesthetics" })

export const UserProfile = Schema.Struct({
  id: Uuid,
  name: Schema.optional(Schema.String),
  username: Schema.optional(Schema.String),
  created: Schema.optional(GroupedTimestamp),
  updated: Schema.optional(GroupedTimestamp),
  aesthetics: Aesthetics
}).annotate({ identifier: "UserProfile" })
export type UserProfile = typeof UserProfile.Type

/** `GET /user`: the signed-in user; here always the local profile. */
export const ReturnedUserProfile = Schema.Struct({ user: Schema.optional(UserProfile) }).annotate({
  identifier: "ReturnedUserProfile"
})
