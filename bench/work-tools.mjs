// The bench's tools that do what real tools do (see work-server.mjs): registered on any McpServer,
// in a process of its own (the proxy bench's upstream) or in the bench's own (withDialects vs bare).
import { setTimeout as sleep } from 'node:timers/promises';

const WORK_MS = Number(process.env.BENCH_WORK_MS ?? 3);

/** The list_issues call the bench makes. */
export const WORK_CALL = { name: 'list_issues', arguments: { owner: 'octo', repo: 'demo', state: 'OPEN', perPage: 20, labels: ['bug'] } };

/** Registers `echo` and `list_issues` on an SDK McpServer; `z` is the zod the SDK uses. */
export function registerWorkTools(server, z) {
  const issue = z.object({
    number: z.number().int().min(1),
    title: z.string(),
    state: z.enum(['OPEN', 'CLOSED']),
    labels: z.array(z.string()),
    author: z.object({ login: z.string(), url: z.string() }),
    body: z.string().optional(),
    createdAt: z.string(),
    comments: z.number().int().min(0),
  });

  const issues = ({ owner, repo, state = 'OPEN', perPage = 20, labels = [] }) =>
    Array.from({ length: perPage }, (_, i) => ({
      number: 1000 + i,
      title: `${repo}: request ${i} fails when the ${labels[0] ?? 'input'} is empty`,
      state,
      labels: [...labels, i % 3 === 0 ? 'needs-triage' : 'confirmed'],
      author: { login: `${owner}-dev-${i % 7}`, url: `https://github.com/${owner}-dev-${i % 7}` },
      ...(i % 4 === 0 ? {} : { body: 'Steps to reproduce: call the endpoint with an empty list; expected an empty page, got a 500. '.repeat(1 + (i % 3)) }),
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      comments: i % 5,
    }));

  server.registerTool('echo', { inputSchema: { message: z.string() } }, async ({ message }) => ({ content: [{ type: 'text', text: `Echo: ${message}` }] }));
  server.registerTool(
    'list_issues',
    {
      description: 'Issues of a repository, newest first.',
      inputSchema: {
        owner: z.string(),
        repo: z.string(),
        state: z.enum(['OPEN', 'CLOSED']).optional(),
        perPage: z.number().int().min(1).max(100).optional(),
        labels: z.array(z.string()).optional(),
      },
      outputSchema: { issues: z.array(issue), total: z.number().int() },
    },
    async (args) => {
      await sleep(WORK_MS);
      const structuredContent = { issues: issues(args), total: 240 };
      return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
    },
  );
}
