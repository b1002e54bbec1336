import fs from 'node:fs';
import path from 'node:path';
import { slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { portalSystem, slotRecipes } from './theme';

const system = portalSystem();

const SOURCE = path.resolve(import.meta.dirname, '..');

/** Every name the app's source imports from '@chakra-ui/react' (tests included: they render the same parts). */
function chakraImports(): Set<string> {
  const names = new Set<string>();
  const files = fs.readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
  for (const file of files) {
    const text = fs.readFileSync(path.join(SOURCE, file), 'utf8');
    for (const match of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

describe('the portal theme', () => {
  it('styles every multi-part component the app imports (the theme carries only those)', () => {
    const imported = [...chakraImports()];
    expect(imported).toContain('Menu');
    const needed = imported
      .map((name) => name.charAt(0).toLowerCase() + name.slice(1))
      .filter((key) => Object.hasOwn(chakraSlotRecipes, key));
    const missing = needed.filter((key) => !Object.hasOwn(slotRecipes, key));
    expect(missing, 'add these to slotRecipes in src/app/theme.ts').toEqual([]);
    for (const key of needed) expect(system.getSlotRecipe(key), key).toBeDefined();
  });

  it("keeps Chakra's own styles for what it carries, and our breakpoints", () => {
    expect(slotRecipes.menu).toBe(chakraSlotRecipes.menu);
    expect(system.getRecipe('button')).toBeDefined();
    expect(system.token('breakpoints.lg')).toBe('62em');
  });
});
