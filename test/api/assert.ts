// The few assertions the extension-host checks use. node:assert is not there in VS Code for the
// Web's extension host (a Web Worker), so the checks bring their own.

export function ok(value: unknown, message: string): asserts value {
  if (!value) throw new Error(message);
}

export function equal<T>(actual: T, expected: T, message = `expected ${String(expected)}, got ${String(actual)}`): void {
  ok(actual === expected, message);
}

/** Equality of JSON-like values: arrays, plain objects, numbers, strings. */
export function deepEqual(actual: unknown, expected: unknown, message?: string): void {
  const [a, e] = [JSON.stringify(actual), JSON.stringify(expected)];
  ok(a === e, message ?? `expected ${e}, got ${a}`);
}

export function match(text: string, pattern: RegExp, message = `expected text matching ${pattern}, got: ${text}`): void {
  ok(pattern.test(text), message);
}
