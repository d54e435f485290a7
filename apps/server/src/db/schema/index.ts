export * from './platform.ts';
export * from './identity.ts';
export * from './crm.ts';
export * from './bids.ts';
export * from './store.ts';
export * from './store-orders.ts';
export * from './store-checkout.ts';
export * from './uploads.ts';
