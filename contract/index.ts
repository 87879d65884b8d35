/** The HTTP contract shared by the site (src/) and the data API (server/): types and constants only. */
export * from './status.ts';
export * from './envelope.ts';
export * from './shapes.ts';
export * from './limits.ts';
export * from './bulk.ts';
