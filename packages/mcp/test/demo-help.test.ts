// The demo's start-up text: every command it prints must run as printed on a fresh machine.
import { describe, expect, it } from 'vitest';
import { loadDialects } from '@redouble/dialects';
import { startupHelp } from '../src/demo/help.js';

describe('the demo start-up help', () => {
  const registry = loadDialects();
  const help = startupHelp('http://127.0.0.1:8080/mcp', 'canonical', registry.names(), ['forecast']);
  const tryIt = help.split('\n').find((line) => line.includes('--cli'));

  it('names the inspector by its npm package (mcp-inspector is only a bin inside it)', () => {
    expect(tryIt).toMatch(/^ {2}npx -y @modelcontextprotocol\/inspector --cli '/);
  });

  it('asks for a plain dialect name other than the default, never a pin (a pin may be a draft)', () => {
    const asked = decodeURIComponent(/\?dialect=([^']*)'/.exec(tryIt ?? '')?.[1] ?? '');
    expect(registry.names()).toContain(asked);
    expect(asked).not.toContain('@');
    expect(asked).not.toBe('canonical');
  });

  it('lists every accepted name and pin as a URL', () => {
    for (const name of registry.names()) expect(help).toContain(`?dialect=${encodeURIComponent(name)}\n`);
  });
});
