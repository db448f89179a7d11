import { describe, expect, it } from 'vitest';
import { chat } from '@atelier/contracts';
import { PAGE_FACTS } from '../../../test/fakes/web-search.js';
import { callEndpoint } from '../../test/call-endpoint.js';
import {
  admin,
  ask,
  charges,
  fake,
  fieldOf,
  funded,
  models,
  onlySearchProvider,
  search,
  systemNote,
  t,
  useToolsApp,
} from './chat-tools.setup.js';

/*
 * Web search with sources (docs/chat.md, Web search): SearXNG, Tavily and Brave fakes with their
 * refusals, the query written by the model, pages read through a reader and the address guard, the answer's numbered sources,
 * and a charge that includes the search.
 */
useToolsApp();

describe('web search with sources', () => {
  it('refuses web search when no provider is set up (400 naming the option)', async () => {
    const r = await ask('Cite', 'When is the festival?', { webSearch: true });
    expect(r.res.statusCode).toBe(400);
    expect(fieldOf(r.res.json())).toBe('options.webSearch');
    const info = await callEndpoint(t.app, chat.chatToolsInfo, { token: admin.token });
    expect(info.body.data).toEqual({ webSearch: false });
  });

  it('searches SearXNG, reads the top pages and cites them as numbered sources, charged with the answer', async () => {
    const provider = await onlySearchProvider({
      name: 'searx',
      kind: 'searxng',
      baseUrl: search.url,
      priceKey: 'web-search:search',
      pagesRead: 2,
    });
    expect(provider).toMatchObject({ kind: 'searxng', apiKey: 'not set', pagesRead: 2 });
    const info = await callEndpoint(t.app, chat.chatToolsInfo, { token: admin.token });
    expect(info.body.data).toEqual({ webSearch: true });

    const read = search.pagesRead.length;
    const r = await ask('Cite', 'When is the festival?', { webSearch: true });
    expect(r.last).toMatchObject({ done: true });
    expect(r.last!.error).toBeUndefined();
    // The model wrote the query in a short non-streamed call that read the conversation; the
    // two top pages were read, the third was not.
    expect(r.requests).toHaveLength(2);
    expect(r.requests[0]!.body).toMatchObject({ stream: false, max_tokens: 60 });
    expect(r.requests[0]!.body.stream_options).toBeUndefined();
    expect(r.requests[0]!.body.messages[1]).toMatchObject({
      role: 'user',
      content: 'User: When is the festival?',
    });
    expect(search.queries.at(-1)).toMatchObject({
      service: 'searxng',
      query: 'when is the festival latest',
    });
    expect(search.pagesRead.slice(read).sort()).toEqual(['/pages/1', '/pages/2']);
    // The sources come before the answer's text and again on the last line.
    const first = r.lines.findIndex((l) => l.sources);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(r.lines.findIndex((l) => l.delta !== '')).toBeGreaterThan(first);
    const host = new URL(search.url).hostname;
    expect(r.last!.sources).toEqual([
      { n: 1, title: 'Festival page 1', url: `${search.url}/pages/1`, domain: host },
      { n: 2, title: 'Festival page 2', url: `${search.url}/pages/2`, domain: host },
      { n: 3, title: 'Festival result 3', url: `${search.url}/pages/3`, domain: host },
    ]);
    expect(r.last!.text).toContain('[1]');
    // The model read the pages' text (not their scripts, menus or asides) and the snippet of the
    // page not read.
    const note = systemNote(r.requests[1]!);
    expect(note).toContain(`[1] Festival result 1\n${search.url}/pages/1\nFestival notes 1`);
    expect(note).toContain(PAGE_FACTS[0]);
    expect(note).toContain(`Snippet 3: ${PAGE_FACTS[2]}`);
    for (const junk of ['never read this', 'newsletter', 'Site banner', 'all rights reserved'])
      expect(note).not.toContain(junk);
    // The question stays last.
    expect(r.requests[1]!.body.messages.at(-1)).toMatchObject({
      role: 'user',
      content: 'When is the festival?',
    });
    // Charged once: the tokens of both calls (the query's and the answer's) and the search's
    // 7 credits.
    const tokens = Math.ceil((2 * 123 * 100 + 2 * 45 * 200) / 1000);
    expect(r.last!.cost).toBe(tokens + 7);
    expect(await charges(r.user.userId)).toEqual([{ amount: -(tokens + 7) }]);
    expect(r.balance).toBe(10_000 - tokens - 7);
    // Kept with the answer.
    const logs = await callEndpoint(t.app, chat.listMessages, {
      headers: r.headers,
      query: { groupId: r.groupId },
    });
    expect(logs.body.data.rows.at(-1)!.sources).toEqual(r.last!.sources);
  });

  it('reads no page on a private address unless allowed: the snippets are used instead', async () => {
    await onlySearchProvider({ name: 'searx', kind: 'searxng', baseUrl: search.url });
    const config = t.app.ctx.config.chat as { webPagesAllowPrivate: boolean };
    config.webPagesAllowPrivate = false;
    try {
      const read = search.pagesRead.length;
      const r = await ask('Cite', 'Festival?', { webSearch: true });
      expect(r.last!.error).toBeUndefined();
      expect(search.pagesRead.length).toBe(read);
      expect(r.last!.sources!.map((s) => s.title)).toEqual([
        'Festival result 1',
        'Festival result 2',
        'Festival result 3',
      ]);
      expect(systemNote(r.requests[1]!)).toContain(`Snippet 1: ${PAGE_FACTS[0]}`);
    } finally {
      config.webPagesAllowPrivate = true;
    }
  });

  it('searches Tavily with its key', async () => {
    await onlySearchProvider({
      name: 'tavily',
      kind: 'tavily',
      baseUrl: search.url,
      apiKey: search.tavilyKey,
      maxResults: 2,
    });
    const r = await ask('Cite', 'Tavily festival?', { webSearch: true });
    expect(r.last!.error).toBeUndefined();
    expect(search.queries.at(-1)).toMatchObject({
      service: 'tavily',
      query: 'tavily festival latest',
    });
    expect(r.last!.sources).toHaveLength(2);
  });

  it('searches Brave with its token, its descriptions as snippets', async () => {
    await onlySearchProvider({
      name: 'brave',
      kind: 'brave',
      baseUrl: search.url,
      apiKey: search.braveKey,
      maxResults: 2,
      pagesRead: 0,
    });
    const r = await ask('Cite', 'Brave festival?', { webSearch: true });
    expect(r.last!.error).toBeUndefined();
    expect(search.queries.at(-1)).toMatchObject({
      service: 'brave',
      query: 'brave festival latest',
    });
    expect(r.last!.sources).toHaveLength(2);
    expect(systemNote(r.requests[1]!)).toContain(`Snippet 1: ${PAGE_FACTS[0]}`);
  });

  it("fails the answer in the service's words and charges nothing when the search is refused", async () => {
    const cases: Array<[() => Promise<unknown>, RegExp]> = [
      [
        () =>
          onlySearchProvider({
            name: 'tavily',
            kind: 'tavily',
            baseUrl: search.url,
            apiKey: 'tvly-wrong',
            priceKey: 'web-search:search',
          }),
        /Tavily answered 401: Unauthorized: missing or invalid API key/,
      ],
      [
        async () => {
          search.planExceeded = true;
          return onlySearchProvider({
            name: 'tavily',
            kind: 'tavily',
            baseUrl: search.url,
            apiKey: search.tavilyKey,
            priceKey: 'web-search:search',
          });
        },
        /Tavily answered 432: This request exceeds your plan's set usage limit/,
      ],
      [
        async () => {
          search.planExceeded = false;
          search.jsonEnabled = false;
          return onlySearchProvider({
            name: 'searx',
            kind: 'searxng',
            baseUrl: search.url,
            priceKey: 'web-search:search',
          });
        },
        /SearXNG answered 403: the JSON format is not enabled/,
      ],
      [
        async () => {
          search.jsonEnabled = true;
          return onlySearchProvider({
            name: 'brave',
            kind: 'brave',
            baseUrl: search.url,
            apiKey: 'BSA-wrong',
            priceKey: 'web-search:search',
          });
        },
        /Brave Search answered 422: The provided subscription token is invalid\. \(SUBSCRIPTION_TOKEN_INVALID\)/,
      ],
    ];
    try {
      for (const [setUp, said] of cases) {
        await setUp();
        const r = await ask('Cite', 'Refused?', { webSearch: true });
        expect(r.last).toMatchObject({ done: true, cost: 0 });
        expect(r.last!.error).toMatch(/nothing was charged/);
        expect(r.last!.error).toMatch(said);
        // Only the query was asked for; the answer's model was not called.
        expect(r.requests).toHaveLength(1);
        expect(r.requests[0]!.body.stream).toBe(false);
        expect(r.balance).toBe(10_000);
        expect(await charges(r.user.userId)).toEqual([]);
      }
    } finally {
      search.jsonEnabled = true;
      search.planExceeded = false;
    }
  });

  it("keeps each branch's sources: an answer made again searches again with the saved question", async () => {
    await onlySearchProvider({ name: 'searx', kind: 'searxng', baseUrl: search.url });
    const first = await ask('Cite', 'When is the festival?', { webSearch: true });
    expect(first.last!.sources).toHaveLength(3);
    const { headers, groupId } = first;
    const rows = async () =>
      (await callEndpoint(t.app, chat.listMessages, { headers, query: { groupId } })).body.data
        .rows;
    const [question, answer] = await rows();
    const queries = search.queries.length;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/chatgpt/chat-process',
      headers,
      payload: {
        gptModelId: models.Cite,
        prompt: 'not used',
        options: { groupId, webSearch: true, regenerateOf: question!.id },
      },
    });
    expect(again.statusCode).toBe(200);
    expect(search.queries.slice(queries)).toMatchObject([{ query: 'when is the festival latest' }]);
    const now = await rows();
    expect(now).toHaveLength(2);
    expect(now[1]!.siblings).toEqual([answer!.id, now[1]!.id]);
    expect(now[1]!.sources).toHaveLength(3);
    // Back on the first answer's branch, its own sources are shown.
    const back = await callEndpoint(t.app, chat.switchBranch, {
      headers,
      body: { groupId, id: answer!.id },
    });
    expect(back.body.data.rows.at(-1)).toMatchObject({
      id: answer!.id,
      sources: first.last!.sources,
    });
  });

  it("sends the question's file and the search results together, charged once with the search", async () => {
    await onlySearchProvider({
      name: 'searx',
      kind: 'searxng',
      baseUrl: search.url,
      priceKey: 'web-search:search',
    });
    const u = await funded();
    const boundary = '----atelier-search-file';
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/chat/files',
      headers: { ...u.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cities.csv"\r\nContent-Type: text/csv\r\n\r\ncity,population\nOslo,709000\r\n--${boundary}--\r\n`,
      ),
    });
    expect(up.statusCode).toBe(200);
    const fileId = up.json<{ data: chat.ChatFile }>().data.id;
    const sent = fake.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chatgpt/chat-process',
      headers: u.headers,
      payload: {
        gptModelId: models.Cite,
        prompt: 'When is the festival in Oslo?',
        fileIds: [fileId],
        options: { groupId: u.groupId, webSearch: true },
      },
    });
    const last = JSON.parse(res.body.trim().split('\n').at(-1)!) as chat.ChatStreamLine;
    expect(last.error).toBeUndefined();
    expect(last.sources).toHaveLength(3);
    expect(last.files).toMatchObject([{ id: fileId }]);
    // The file, then the search results, then the question, last.
    const request = fake.requests[sent + 1]!;
    expect(JSON.stringify(request.body.messages)).toContain('Oslo,709000');
    expect(systemNote(request)).toContain(PAGE_FACTS[0]);
    expect(request.body.messages.at(-1)).toMatchObject({
      role: 'user',
      content: 'When is the festival in Oslo?',
    });
    const tokens = Math.ceil((2 * 123 * 100 + 2 * 45 * 200) / 1000);
    expect(last.cost).toBe(tokens + 7);
    expect(await charges(u.user.userId)).toEqual([{ amount: -(tokens + 7) }]);
  });

  it('refuses a SearXNG provider without an address (400 naming baseUrl)', async () => {
    const r = await callEndpoint(t.app, chat.adminCreateSearchProvider, {
      token: admin.token,
      body: { name: 'no-address', kind: 'searxng' },
    });
    expect(r.status).toBe(400);
    expect(fieldOf(r.body)).toBe('baseUrl');
  });
});
