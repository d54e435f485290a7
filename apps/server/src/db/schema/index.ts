export * from './platform.ts';
export * from './identity.ts';
