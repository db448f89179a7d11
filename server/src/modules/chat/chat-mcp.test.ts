import { describe, expect, it } from 'vitest';
import { chat } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { forgetCatalogue } from '../providers/index.js';
import {
  admin,
  ask,
  charges,
  fake,
  fieldOf,
  mcp,
  models,
  t,
  useToolsApp,
} from './chat-tools.setup.js';

/*
 * Tools over MCP (docs/chat.md): servers registered through the official SDK (a loopback server
 * built with its server side), the OpenAI tool-call round trip, its bounds (count, time), the
 * address guard, and the tokens of every round billed.
 */
useToolsApp();

describe('tools over MCP', () => {
  let serverId = 0;

  it('refuses an MCP server on a private address unless the operator allows it', async () => {
    const refused = await callEndpoint(t.app, chat.adminCreateMcpServer, {
      token: admin.token,
      body: { name: 'fake', url: mcp.url },
    });
    expect(refused.status).toBe(400);
    expect(fieldOf(refused.body)).toBe('url');
    expect(refused.body.message).toMatch(/private or local address/);

    mcp.token = 'mcp-secret';
    const created = await callEndpoint(t.app, chat.adminCreateMcpServer, {
      token: admin.token,
      body: {
        name: 'fake',
        url: mcp.url,
        allowPrivate: true,
        token: 'mcp-secret',
        timeoutMs: 1000,
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ token: 'set', allowPrivate: true });
    expect(created.body.data.tools.map((x) => x.name).sort()).toEqual([
      'broken',
      'slow',
      'weather',
    ]);
    serverId = created.body.data.id;

    const unknown = await callEndpoint(t.app, chat.adminSetModelTools, {
      token: admin.token,
      body: { modelId: models.Tools!, tools: [{ serverId, tool: 'nope' }] },
    });
    expect(unknown.status).toBe(400);
    expect(fieldOf(unknown.body)).toBe('tools');
    const set = await callEndpoint(t.app, chat.adminSetModelTools, {
      token: admin.token,
      body: { modelId: models.Tools!, tools: [{ serverId, tool: 'weather' }] },
    });
    expect(set.status).toBe(200);
  });

  it('runs a tool call round trip and shows it in the answer, every round billed as tokens', async () => {
    fake.toolPlan = [[{ arguments: '{"city":"Paris"}' }]];
    const calls = mcp.calls.length;
    const r = await ask('Tools', 'Weather in Paris?');
    expect(r.last!.error).toBeUndefined();
    expect(r.requests).toHaveLength(2);
    // The first request offers the tool as an OpenAI function with the server's schema.
    const offered = r.requests[0]!.body.tools as Array<{
      function: { name: string; parameters: { properties: object } };
    }>;
    expect(offered.map((x) => x.function.name)).toEqual(['fake__weather']);
    expect(offered[0]!.function.parameters.properties).toHaveProperty('city');
    // The follow-up sends the call and its result back.
    const follow = r.requests[1]!.body.messages.slice(-2);
    expect(follow[0]).toMatchObject({
      role: 'assistant',
      tool_calls: [
        { type: 'function', function: { name: 'fake__weather', arguments: '{"city":"Paris"}' } },
      ],
    });
    expect(follow[1]).toMatchObject({ role: 'tool', content: 'Sunny in Paris, 21 °C' });
    expect(mcp.calls.slice(calls)).toEqual([{ name: 'weather', arguments: { city: 'Paris' } }]);
    // The user sees the call on a line of its own and on the last line, kept with the answer.
    expect(r.lines.some((l) => !l.done && l.toolCalls?.length === 1)).toBe(true);
    expect(r.last!.toolCalls).toEqual([
      expect.objectContaining({
        name: 'fake__weather',
        arguments: '{"city":"Paris"}',
        result: 'Sunny in Paris, 21 °C',
        ok: true,
      }),
    ]);
    expect(r.last!.text).toBe('The tools said: Sunny in Paris, 21 °C');
    // Both rounds' usage (50 + 123 in, 10 + 45 out), charged once.
    expect(r.last!.usage).toMatchObject({
      promptTokens: 173,
      completionTokens: 55,
      source: 'upstream',
    });
    const cost = Math.ceil((173 * 100 + 55 * 200) / 1000);
    expect(r.last!.cost).toBe(cost);
    expect(await charges(r.user.userId)).toEqual([{ amount: -cost }]);
    const logs = await callEndpoint(t.app, chat.listMessages, {
      headers: r.headers,
      query: { groupId: r.groupId },
    });
    expect(logs.body.data.rows.at(-1)!.toolCalls).toEqual(r.last!.toolCalls);
  });

  it('bounds the calls: at most the configured count, then no more tools are offered', async () => {
    fake.toolPlan = [
      [{ arguments: '{"city":"A"}' }, { arguments: '{"city":"B"}' }, { arguments: '{"city":"C"}' }],
    ];
    const calls = mcp.calls.length;
    const r = await ask('Tools', 'Three cities');
    expect(mcp.calls.length - calls).toBe(2);
    expect(r.last!.toolCalls!.map((c) => c.ok)).toEqual([true, true, false]);
    expect(r.last!.toolCalls![2]!.result).toMatch(/at most 2 tool calls/);
    expect(r.requests).toHaveLength(2);
    expect(r.requests[1]!.body).not.toHaveProperty('tools');
  });

  it('bounds the time of a call and shows a failing tool as failed', async () => {
    await callEndpoint(t.app, chat.adminSetModelTools, {
      token: admin.token,
      body: {
        modelId: models.Tools!,
        tools: [
          { serverId, tool: 'slow' },
          { serverId, tool: 'broken' },
        ],
      },
    });
    fake.toolPlan = [
      [
        { name: 'fake__slow', arguments: '{}' },
        { name: 'fake__broken', arguments: '{}' },
      ],
    ];
    const started = Date.now();
    const r = await ask('Tools', 'Slow and broken');
    expect(Date.now() - started).toBeLessThan(mcp.slowMs);
    const [slow, broken] = r.last!.toolCalls!;
    expect(slow).toMatchObject({ name: 'fake__slow', ok: false });
    expect(slow!.result).toMatch(/timed out/i);
    expect(broken).toMatchObject({ name: 'fake__broken', ok: false, result: 'the tool broke' });
    expect(r.last!.error).toBeUndefined();
  });

  it('guards the address at call time when the server is no longer allowed a private one', async () => {
    await callEndpoint(t.app, chat.adminSetModelTools, {
      token: admin.token,
      body: { modelId: models.Tools!, tools: [{ serverId, tool: 'weather' }] },
    });
    await t.app.ctx.db.kysely
      .updateTable('chat_mcp_servers')
      .set({ allow_private: 0 })
      .where('id', '=', serverId)
      .execute();
    // Written behind the module's back: the tools kept with the catalogue are forgotten as
    // an admin's change through the module forgets them.
    forgetCatalogue();
    fake.toolPlan = [[{ arguments: '{"city":"Oslo"}' }]];
    const calls = mcp.calls.length;
    const r = await ask('Tools', 'Weather in Oslo?');
    expect(mcp.calls.length).toBe(calls);
    expect(r.last!.toolCalls![0]).toMatchObject({ ok: false });
    expect(r.last!.toolCalls![0]!.result).toMatch(/private or local address/);
    // A model without tools is offered none.
    const plain = await ask('Plain', 'Hello');
    expect(plain.requests[0]!.body).not.toHaveProperty('tools');
  });
});
