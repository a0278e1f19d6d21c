import { describe, expect, it } from 'vitest';
import { convert, loadDialects } from '@redouble/dialects';

const dialects = loadDialects();
const described = (out: unknown): string[] => {
  const found: string[] = [];
  const visit = (n: unknown): void => {
    if (Array.isArray(n)) n.forEach(visit);
    else if (n !== null && typeof n === 'object') {
      const d = (n as { description?: unknown }).description;
      if (typeof d === 'string' && d.includes('Repeats')) found.push(d);
      Object.values(n).forEach(visit);
    }
  };
  visit(out);
  return [...new Set(found)];
};
const tree = (def: Record<string, unknown>, name: string) => ({
  type: 'object',
  properties: { tree: { $ref: `#/$defs/${name}` } },
  required: ['tree'],
  $defs: { [name]: { type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: `#/$defs/${name}` } } }, required: ['label'], ...def } },
});

describe('a cut cycle names the structure it repeats', () => {
  it('by the property that uses a definition a generator named, by its title, else by its name', () => {
    const d = dialects.get('anthropic_strict');
    expect(described(convert(tree({}, '__schema0'), d).output)).toEqual(['Repeats the structure of tree; nested at most 3 levels here, any depth is accepted.']);
    expect(described(convert(tree({}, 'def-3'), d).output)).toEqual(['Repeats the structure of tree; nested at most 3 levels here, any depth is accepted.']);
    expect(described(convert(tree({ title: 'Category' }, '__schema0'), d).output)).toEqual(['Repeats the structure of Category; nested at most 3 levels here, any depth is accepted.']);
    expect(described(convert(tree({}, 'Node'), d).output)).toEqual(['Repeats the structure of Node; nested at most 3 levels here, any depth is accepted.']);
  });

  it('keeps the name in a frozen version whose sentences say {name}; the newer one says the label', () => {
    expect(described(convert(tree({}, '__schema0'), dialects.get('flat@2026-11')).output)).toEqual(['Repeats the structure of __schema0, to any depth.']);
    expect(described(convert(tree({}, '__schema0'), dialects.get('flat')).output)).toEqual(['Repeats the structure of tree, to any depth.']);
    expect(described(convert(tree({}, '__schema0'), dialects.get('nova')).output)).toEqual(['Repeats the structure of tree, to any depth.']);
  });
});
