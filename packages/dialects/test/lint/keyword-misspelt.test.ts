// json-schema.tool-schema.keyword-misspelt: a key within two edits of a keyword it is not constrains
// nothing (JSON Schema ignores unknown keys); the judge shows it by accepting what the author meant to refuse.
import { describe, expect, it } from 'vitest';
import { createJudge, lintTools } from '../../src/index.js';

const CODE = 'json-schema.tool-schema.keyword-misspelt';
const tool = (inputSchema: unknown) => ({ name: 't', inputSchema });
const found = (input: unknown) => lintTools(input).diagnostics.filter((d) => d.code === CODE).map((d) => [d.severity, d.path, d.message]);

describe(CODE, () => {
  it('warns at each misspelt key with the keyword it is near, and the judge shows the rule constrains nothing', () => {
    const input = tool({ type: 'object', propertes: { a: { type: 'string', maxlength: 3 } }, requried: ['a'], properties: { b: { tpye: 'integer' } } });
    expect(found(input)).toEqual([
      ['warning', '/inputSchema/propertes', '"propertes" is no JSON Schema keyword, so it constrains nothing here; did you mean "properties"?'],
      ['warning', '/inputSchema/requried', '"requried" is no JSON Schema keyword, so it constrains nothing here; did you mean "required"?'],
      ['warning', '/inputSchema/properties/b/tpye', '"tpye" is no JSON Schema keyword, so it constrains nothing here; did you mean "type"?'],
    ]);
    // Inside the misspelt map nothing is a schema position, so its maxlength is data, not reported.
    const judge = createJudge(input);
    expect(judge.checkArguments({}, { decodeNulls: false }).ok).toBe(true);
    expect(judge.checkArguments({ b: 'not an integer' }, { decodeNulls: false }).ok).toBe(true);
  });

  it('says nothing of keywords, x- extensions, OpenAPI fields and an author\'s own annotations far from every keyword', () => {
    for (const schema of [
      { type: 'object', properties: { a: { type: 'string', maxLength: 3, title: 'A', examples: ['x'], example: 'x', deprecated: true } }, required: ['a'] },
      { type: 'object', 'x-propertes': 1, properties: { a: { type: 'string', nullable: true } } },
      { type: 'object', properties: { a: { type: 'string', name: 'a', tags: ['t'], unit: 'ms', markdownDescription: 'A' } } },
    ]) {
      expect(found(tool(schema)), JSON.stringify(schema)).toEqual([]);
    }
  });
});
