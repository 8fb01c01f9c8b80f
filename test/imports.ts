import { readFileSync } from 'node:fs';

/**
 * The module specifiers a source file imports: static imports and re-exports (type-only ones
 * too, which still tie a layer to another), require() and dynamic import().
 */
export function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2] ?? m[3],
  );
}
