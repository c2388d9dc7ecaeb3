import { describe, expect, it } from 'vitest';
import { decodeXml } from '../../main/engine/codec/xml';
import { createTestBook } from './harness';
import { contact } from './sales-helpers';

const q = (name: string, url: string) => `${name}=${encodeURIComponent(url)}`;

describe('notes (2.13, 4.14)', () => {
  it('are created on a contact with 200, the acting user as author and the parent url', async () => {
    const t = createTestBook();
    const parent = await contact(t);
    const response = await t.json('POST', `/v2/notes?${q('contact', parent)}`, { body: { note: { note: 'Prefers email' } } });
    expect(response.status).toBe(200);
    expect(response.body.note).toMatchObject({ note: 'Prefers email', parent_url: parent, author: 'Olive Owner', created_at: '2026-11-22T10:00:00.000Z' });
    expect(response.body.note.url).toMatch(/\/v2\/notes\/\d+$/);
    const list = await t.json('GET', `/v2/notes?${q('contact', parent)}`);
    expect(list.body.notes).toEqual([response.body.note]);
  });

  it('hang off a project too; each parent lists only its own', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const project = (await t.json('POST', '/v2/projects', { body: { project: { contact: owner, name: 'P' } } })).body.project.url;
    await t.json('POST', `/v2/notes?${q('contact', owner)}`, { body: { note: { note: 'on contact' } } });
    const onProject = await t.json('POST', `/v2/notes?${q('project', project)}`, { body: { note: { note: 'on project' } } });
    expect(onProject.body.note.parent_url).toBe(project);
    expect((await t.json('GET', `/v2/notes?${q('project', project)}`)).body.notes.map((row: any) => row.note)).toEqual(['on project']);
    expect((await t.json('GET', `/v2/notes?${q('contact', owner)}`)).body.notes.map((row: any) => row.note)).toEqual(['on contact']);
  });

  it('list and create need a contact or a project (400), one that exists (404), not both (400)', async () => {
    const t = createTestBook();
    const parent = await contact(t);
    expect((await t.json('GET', '/v2/notes')).status).toBe(400);
    const missing = await t.json('POST', '/v2/notes', { body: { note: { note: 'x' } } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].message).toMatch(/contact or project is required/);
    expect((await t.json('GET', '/v2/notes?contact=http://x/v2/contacts/999')).status).toBe(404);
    expect((await t.json('GET', '/v2/notes?contact=banana')).status).toBe(400);
    expect((await t.json('GET', `/v2/notes?${q('contact', parent)}&project=http://x/v2/projects/1`)).status).toBe(400);
    expect(t.book.sqlite.prepare('SELECT count(*) FROM notes').pluck().get()).toBe(0);
  });

  it('need the note text, on create and on update', async () => {
    const t = createTestBook();
    const parent = await contact(t);
    const empty = await t.json('POST', `/v2/notes?${q('contact', parent)}`, { body: { note: { note: '  ' } } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].message).toMatch(/^note/);
    expect((await t.json('POST', `/v2/notes?${q('contact', parent)}`, { body: { note: {} } })).status).toBe(422);
    const created = (await t.json('POST', `/v2/notes?${q('contact', parent)}`, { body: { note: { note: 'first' } } })).body.note;
    expect((await t.json('PUT', new URL(created.url).pathname, { body: { note: {} } })).status).toBe(422);
  });

  it('are read, updated and deleted by id', async () => {
    const t = createTestBook();
    const parent = await contact(t);
    const created = (await t.json('POST', `/v2/notes?${q('contact', parent)}`, { body: { note: { note: 'first' } } })).body.note;
    const path = new URL(created.url).pathname;
    expect((await t.json('GET', path)).body.note).toEqual(created);
    t.clock.set('2026-11-23T10:00:00Z');
    const updated = await t.json('PUT', path, { body: { note: { note: 'second' } } });
    expect(updated.status).toBe(200);
    expect(updated.body.note).toMatchObject({ note: 'second', author: 'Olive Owner', updated_at: '2026-11-23T10:00:00.000Z', created_at: created.created_at });
    expect((await t.json('DELETE', path)).status).toBe(200);
    expect((await t.json('GET', path)).status).toBe(404);
    expect((await t.json('DELETE', path)).status).toBe(404);
  });

  it('need Contacts & Projects (3); the author is whoever wrote it', async () => {
    const t = createTestBook();
    const below = await t.userWithLevel(2);
    const allowed = await t.userWithLevel(3);
    const parent = await contact(t);
    const list = `/v2/notes?${q('contact', parent)}`;
    expect((await t.json('GET', list, { token: below })).status).toBe(403);
    expect((await t.json('POST', list, { token: below, body: { note: { note: 'x' } } })).status).toBe(403);
    const created = await t.json('POST', list, { token: allowed, body: { note: { note: 'x' } } });
    expect(created.status).toBe(200);
    expect(created.body.note.author).toBe('Level 3');
    const path = new URL(created.body.note.url).pathname;
    expect((await t.json('GET', path, { token: below })).status).toBe(403);
    expect((await t.json('PUT', path, { token: below, body: { note: { note: 'y' } } })).status).toBe(403);
    expect((await t.json('PUT', path, { token: allowed, body: { note: { note: 'y' } } })).status).toBe(200);
    expect((await t.json('DELETE', path, { token: below })).status).toBe(403);
    expect((await t.json('DELETE', path, { token: allowed })).status).toBe(200);
  });

  it('round-trip through XML', async () => {
    const t = createTestBook();
    const parent = await contact(t);
    const posted = await t.request('POST', `/v2/notes?${q('contact', parent)}`, { xml: '<note><note>Fish &amp; chips</note></note>', headers: { Accept: 'application/xml' } });
    expect(posted.status).toBe(200);
    const asXml = decodeXml(await posted.text()).note as Record<string, unknown>;
    expect(asXml).toEqual((await t.json('GET', new URL(asXml.url as string).pathname)).body.note);
    expect(asXml.note).toBe('Fish & chips');
  });
});
