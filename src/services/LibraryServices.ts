/**
 * Every service of the library, each with the services it uses (its module's `layer`), over an engine's storage
 * ports. Built once, below the HTTP server: the router builds its routes with a memo map of its own, so a service
 * first built inside it would be a second copy beside the one the server, the shutdown and the background jobs use
 * (two change hubs, two commit paths). Built here first, the routes find each one built.
 */
import { Layer } from "effect"
import { McpSessions } from "../mcp/McpSessions.ts"
import { AssetCreator } from "./AssetCreator.ts"
import { AssetEditor } from "./AssetEditor.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { AssetSearch } from "./AssetSearch.ts"
import { AssetWrites } from "./AssetWrites.ts"
import { AssistantLibrary } from "./AssistantLibrary.ts"
import { Backup } from "./Backup.ts"
import { ChangeHub } from "./ChangeHub.ts"
import { Classifier } from "./Classifier.ts"
import { Commits } from "./Commits.ts"
import { ConnectorActivity } from "./ConnectorActivity.ts"
import { ConnectorSessions } from "./ConnectorSessions.ts"
import { Installation } from "./Installation.ts"
import { IntentionIndex } from "./IntentionIndex.ts"
import { Intentions } from "./Intentions.ts"
import { KnownApplications } from "./KnownApplications.ts"
import { LibraryFollowers } from "./LibraryFollowers.ts"
import { LibraryImport } from "./LibraryImport.ts"
import { LocalUser } from "./LocalUser.ts"
import { MetadataEntities } from "./MetadataEntities.ts"
import { NearCopies } from "./NearCopies.ts"
import { Proposals } from "./Proposals.ts"
import { Recommendations } from "./Recommendations.ts"
import { Retention } from "./Retention.ts"
import { SearchIndex } from "./SearchIndex.ts"
import { SeedPreprocessor } from "./SeedPreprocessor.ts"
import { SimilarityIndex } from "./SimilarityIndex.ts"
import { SnippetHistory } from "./SnippetHistory.ts"
import { StreamConnections } from "./StreamConnections.ts"
import { WritesOnTheWay } from "./WritesOnTheWay.ts"

export const LibraryServices = Layer.mergeAll(
  AssetCreator.layer,
  AssetEditor.layer,
  AssetRepository.layer,
  AssetSearch.layer,
  AssetWrites.layer,
  AssistantLibrary.layer,
  Backup.layer,
  ChangeHub.layer,
  Classifier.layer,
  Commits.layer,
  ConnectorActivity.layer,
  ConnectorSessions.layer,
  Installation.layer,
  IntentionIndex.layer,
  Intentions.layer,
  KnownApplications.layer,
  LibraryFollowers.layer,
  LibraryImport.layer,
  LocalUser.layer,
  MetadataEntities.layer,
  NearCopies.layer,
  Proposals.layer,
  Recommendations.layer,
  Retention.layer,
  SearchIndex.layer,
  SeedPreprocessor.layer,
  SimilarityIndex.layer,
  SnippetHistory.layer,
  StreamConnections.layer,
  WritesOnTheWay.layer,
  McpSessions.layer
)
