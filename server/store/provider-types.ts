/**
 * API-Football v3 object shapes as the store keeps them and the data API serves them: the types
 * inferred from the contract's schemas (contract/api-football.ts), which the sync and the ingest
 * validate every provider answer with. Named here for the server's modules that read the store.
 */
export type * from '../../contract/api-football.ts';
export type { Envelope as ApiEnvelope } from '../../contract/envelope.ts';
