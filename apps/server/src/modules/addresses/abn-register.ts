// Looking up an Australian business number (platform.md 3.6; decision 051). The real register (the Australian Business
// Register's ABN Lookup web services, which need a GUID issued to the operator) sits behind `AbnRegister`; the demo and
// the tests use the built-in register below, a handful of farm businesses as the register describes them.

import { normalizeAbn } from '@granary/domain';

/** What the register says of an ABN (the record of platform.md 3.6 before it is shaped for the wire). */
export type AbnRegisterRecord = {
  abn: string;
  entityName: string;
  /** State or territory of the main business location. */
  state: string;
  postalCode: string;
  /** Registered for GST. */
  gst: boolean;
  isActive: boolean;
};

export type AbnRegister = {
  /** The record of a well-formed ABN (11 digits, valid check), or null when the register has none. */
  lookup(abn: string): Promise<AbnRegisterRecord | null>;
};

const DEMO_RECORDS: readonly AbnRegisterRecord[] = [
  {
    abn: '53004085616',
    entityName: 'Wattle Creek Pastoral Co Pty Ltd',
    state: 'NSW',
    postalCode: '2650',
    gst: true,
    isActive: true,
  },
  {
    abn: '70104329872',
    entityName: 'Mallee Downs Grain Partnership',
    state: 'VIC',
    postalCode: '3490',
    gst: true,
    isActive: true,
  },
  {
    abn: '25608122417',
    entityName: 'Darling Downs Cropping Trust',
    state: 'QLD',
    postalCode: '4350',
    gst: true,
    isActive: true,
  },
  {
    abn: '73311957300',
    entityName: 'Eyre Peninsula Farms',
    state: 'SA',
    postalCode: '5630',
    gst: false,
    isActive: true,
  },
  {
    abn: '87507263849',
    entityName: 'Wheatbelt Holdings Pty Ltd',
    state: 'WA',
    postalCode: '6450',
    gst: true,
    isActive: true,
  },
  {
    abn: '93725019384',
    entityName: 'Midlands Merino & Grain Pty Ltd',
    state: 'TAS',
    postalCode: '7210',
    gst: true,
    isActive: false,
  },
];

/** The built-in register of the demo and the tests. */
export const demoAbnRegister: AbnRegister = {
  lookup(abn) {
    const digits = normalizeAbn(abn);
    return Promise.resolve(DEMO_RECORDS.find((r) => r.abn === digits) ?? null);
  },
};
