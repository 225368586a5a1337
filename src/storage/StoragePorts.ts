/**
 * Every storage port: what an engine's layer provides, and all the services above it need.
 */
import type { AssetStore } from "./AssetStore.ts"
import type { ChangeFeed } from "./ChangeFeed.ts"
import type { ConnectorStore } from "./ConnectorStore.ts"
import type { HistoryStore } from "./HistoryStore.ts"
import type { LiveAssetRows } from "./LiveAssetRows.ts"
import type { MetadataStore } from "./MetadataStore.ts"
import type { SimilarityStore } from "./SimilarityStore.ts"
import type { TextSearch } from "./TextSearch.ts"
import type { WriterLock } from "./WriterLock.ts"

export type StoragePorts =
  | AssetStore
  | LiveAssetRows
  | MetadataStore
  | TextSearch
  | SimilarityStore
  | ConnectorStore
  | WriterLock
  | ChangeFeed
  | HistoryStore
