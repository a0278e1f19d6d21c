import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { createDialectTools } from './src/index.ts';
import { demoTools } from './src/demo/tools.ts';
import { startHttp, connectHttp } from './test/helpers.ts';
const d = createDialectTools(demoTools());
console.log(d.defaultDialect, d.accepted());
const s = await startHttp(d);
const c = await connectHttp(s.url + '?dialect=openai_strict');
const l = await c.listTools();
console.log(JSON.stringify(l.tools[0], null, 1).slice(0, 1500), l._meta);
console.log(JSON.stringify(await c.callTool({ name: 'multiply_int32', arguments: { a: 2147483648, b: 'x', c: 1 } })));
console.log(JSON.stringify(await c.callTool({ name: 'search_notes', arguments: { query: 'a', tag: null, since: null, limit: null, cursor: null } })));
try { await c.listTools({ _meta: { 'ai.redouble/dialect': 'nope' } }); } catch (e) { console.log(e.message, e.code, JSON.stringify(e.data)); }
await c.close(); await s.close();
