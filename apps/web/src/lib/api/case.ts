/** Deep key conversion for the request wrapper's `snakeCase` option. Only plain objects and arrays are walked. */
function snakeCaseKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** 'postal_code' → 'postalCode': a wire name as the web names it. */
export function camelCaseKey(key: string): string {
  return key.replace(/[_-]+([a-zA-Z0-9])/g, (_match, char: string) => char.toUpperCase());
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) result[convert(key)] = convertKeys(item, convert);
  return result;
}

export function toSnakeCaseDeep<T = unknown>(value: unknown): T {
  return convertKeys(value, snakeCaseKey) as T;
}

export function toCamelCaseDeep<T = unknown>(value: unknown): T {
  return convertKeys(value, camelCaseKey) as T;
}
