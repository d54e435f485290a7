// The areas of the API reference described in files of their own (api-operations.ts lists them after its own, in this
// order): a farm business's profile, addresses, notifications and billing, and structured products.
import { ENTERPRISES_AREA } from './api-operations-enterprises.ts';
import { ADDRESSES_TAG } from './api-operations-addresses.ts';
import { NOTIFICATIONS_AREA } from './api-operations-notifications.ts';
import { BILLING_AREA } from './api-operations-billing.ts';
import { STRUCTURES_AREA } from './api-operations-structures.ts';

export const MORE_AREAS = [ENTERPRISES_AREA, ADDRESSES_TAG, NOTIFICATIONS_AREA, BILLING_AREA, STRUCTURES_AREA] as const;
