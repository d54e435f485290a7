export * from './platform.ts';
export * from './identity.ts';
export * from './crm.ts';
