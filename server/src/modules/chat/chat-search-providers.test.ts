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
  models,
  onlySearchProvider,
  search,
  systemNote,
  t,
  useToolsApp,
} from './chat-tools.setup.js';

/*
 * Web search (docs/chat.md, Web search): the Serper, Bing and Google Programmable Search
 * adapters against their fakes (their requests, keys and refusals), and the query the model
 * writes from the conversation, with its fallback to the user's text.
 */
useToolsApp();

describe('more search providers, and the query the model writes', () => {
  it('searches Serper, Bing and Google Programmable Search with their keys', async () => {
    const cases = [
      { kind: 'serper', apiKey: search.serperKey },
      { kind: 'bing', apiKey: search.bingKey },
      { kind: 'google', apiKey: `${search.googleKey}:${search.googleCx}` },
    ] as const;
    for (const c of cases) {
      await onlySearchProvider({
        name: c.kind,
        kind: c.kind,
        baseUrl: search.url,
        apiKey: c.apiKey,
        maxResults: 2,
        pagesRead: 1,
      });
      const r = await ask('Cite', `${c.kind} festival?`, { webSearch: true });
      expect(r.last!.error).toBeUndefined();
      const seen = search.queries.at(-1)!;
      expect(seen).toMatchObject({ service: c.kind, query: `${c.kind} festival latest` });
      if (c.kind === 'serper') expect(seen.headers['x-api-key']).toBe(search.serperKey);
      if (c.kind === 'bing') expect(seen.headers['ocp-apim-subscription-key']).toBe(search.bingKey);
      const host = new URL(search.url).hostname;
      expect(r.last!.sources).toEqual([
        { n: 1, title: 'Festival page 1', url: `${search.url}/pages/1`, domain: host },
        { n: 2, title: 'Festival result 2', url: `${search.url}/pages/2`, domain: host },
      ]);
      expect(systemNote(r.requests[1]!)).toContain(`Snippet 2: ${PAGE_FACTS[1]}`);
    }
  });

  it('refuses a Google provider whose key lacks the engine id (400 naming apiKey)', async () => {
    const r = await callEndpoint(t.app, chat.adminCreateSearchProvider, {
      token: admin.token,
      body: { name: 'google-no-cx', kind: 'google', apiKey: search.googleKey },
    });
    expect(r.status).toBe(400);
    expect(fieldOf(r.body)).toBe('apiKey');
  });

  it("gives the model the conversation to write the query from, and falls back to the user's text when that call fails", async () => {
    await onlySearchProvider({
      name: 'searx',
      kind: 'searxng',
      baseUrl: search.url,
      priceKey: 'web-search:search',
    });
    const first = await ask('Cite', 'When is the festival?', { webSearch: true });
    const sent = fake.requests.length;
    const next = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/chatgpt/chat-process',
        headers: first.headers,
        payload: {
          gptModelId: models.Cite,
          prompt: 'And the lanterns?',
          options: { groupId: first.groupId, webSearch: true, usingContext: true },
        },
      });
      return JSON.parse(res.body.trim().split('\n').at(-1)!) as chat.ChatStreamLine;
    };
    const second = await next();
    expect(second.error).toBeUndefined();
    const writing = fake.requests[sent]!;
    expect(writing.body.stream).toBe(false);
    expect(String(writing.body.messages[0]!.content)).toMatch(/^Write the web search query/);
    expect(String(writing.body.messages[1]!.content)).toMatch(
      /^User: When is the festival\?\nAssistant: The festival opens .*\nUser: And the lanterns\?$/,
    );
    expect(search.queries.at(-1)!.query).toBe('and the lanterns latest');

    fake.queryFails = true;
    try {
      const queries = search.queries.length;
      const before = fake.requests.length;
      const third = await next();
      expect(third.error).toBeUndefined();
      // The failed call was made, then the user's own text searched; the answer went on.
      expect(fake.requests.slice(before).map((q) => q.body.stream)).toEqual([false, true]);
      expect(search.queries.slice(queries)).toMatchObject([{ query: 'And the lanterns?' }]);
      // Charged for the answer's tokens and the search only: the failed call is free.
      expect(third.cost).toBe(Math.ceil((123 * 100 + 45 * 200) / 1000) + 7);
    } finally {
      fake.queryFails = false;
    }
  });

  it("fails the answer in Serper's, Bing's and Google's words and charges nothing when refused", async () => {
    const cases: Array<[() => Promise<unknown>, RegExp]> = [
      [
        () =>
          onlySearchProvider({
            name: 'serper',
            kind: 'serper',
            baseUrl: search.url,
            apiKey: 'serper-wrong',
            priceKey: 'web-search:search',
          }),
        /Serper answered 403: Unauthorized\./,
      ],
      [
        () =>
          onlySearchProvider({
            name: 'bing',
            kind: 'bing',
            baseUrl: search.url,
            apiKey: 'bing-wrong',
            priceKey: 'web-search:search',
          }),
        /Bing Web Search answered 401: Access denied due to invalid subscription key/,
      ],
      [
        () =>
          onlySearchProvider({
            name: 'google',
            kind: 'google',
            baseUrl: search.url,
            apiKey: `AIza-wrong:${search.googleCx}`,
            priceKey: 'web-search:search',
          }),
        /Google Programmable Search answered 400: API key not valid\. Please pass a valid API key\. \(INVALID_ARGUMENT\)/,
      ],
      [
        async () => {
          search.quotaExceeded = true;
          return onlySearchProvider({
            name: 'serper',
            kind: 'serper',
            baseUrl: search.url,
            apiKey: search.serperKey,
            priceKey: 'web-search:search',
          });
        },
        /Serper answered 400: Not enough credits/,
      ],
      [
        () =>
          onlySearchProvider({
            name: 'bing',
            kind: 'bing',
            baseUrl: search.url,
            apiKey: search.bingKey,
            priceKey: 'web-search:search',
          }),
        /Bing Web Search answered 403: Out of call volume quota/,
      ],
      [
        () =>
          onlySearchProvider({
            name: 'google',
            kind: 'google',
            baseUrl: search.url,
            apiKey: `${search.googleKey}:${search.googleCx}`,
            priceKey: 'web-search:search',
          }),
        /Google Programmable Search answered 429: Quota exceeded for quota metric 'Queries'.*\(RESOURCE_EXHAUSTED\)/,
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
        expect(r.requests.map((q) => q.body.stream)).toEqual([false]);
        expect(r.balance).toBe(10_000);
        expect(await charges(r.user.userId)).toEqual([]);
      }
    } finally {
      search.quotaExceeded = false;
    }
  });
});
