// ERP syncs and file imports (issue 15): record types, target fields, column mappings, sync progress, broken records.
export {};
