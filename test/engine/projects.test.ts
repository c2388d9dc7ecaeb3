import { describe, expect, it } from 'vitest';
import { decodeXml } from '../../main/engine/codec/xml';
import { createTestBook } from './harness';
import { contact, invoice } from './sales-helpers';

const newProject = (t: ReturnType<typeof createTestBook>, fields: Record<string, unknown>) => t.json('POST', '/v2/projects', { body: { project: { name: 'Website', ...fields } } });

describe('projects', () => {
  it('creates a project under a contact with the live service defaults', async () => {
    const t = createTestBook();
    const owner = await contact(t, { organisation_name: 'Example Organisation Ltd' });
    const response = await newProject(t, { contact: owner });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(response.body.project.url);
    expect(response.body.project).toMatchObject({
      contact: owner,
      contact_name: 'Example Organisation Ltd',
      name: 'Website',
      status: 'Active',
      currency: 'GBP',
      budget: '0.0',
      budget_units: 'Hours',
      normal_billing_rate: '0.0',
      billing_period: 'hour',
      hours_per_day: '8.0',
      is_deletable: true,
    });
  });

  it('needs a contact that exists and a name; checks the enumerations and dates', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    expect((await newProject(t, {})).body.errors[0].message).toMatch(/^contact/);
    expect((await newProject(t, { contact: 'http://x/v2/contacts/999' })).body.errors[0].message).toBe('contact is not a contact of this company');
    expect((await newProject(t, { contact: owner, name: ' ' })).status).toBe(422);
    const nameless = await t.json('POST', '/v2/projects', { body: { project: { contact: owner } } });
    expect(nameless.body.errors.map((error: { message: string }) => error.message)).toEqual(['name is required']);
    expect((await newProject(t, { contact: owner, status: 'Paused' })).body.errors[0].message).toMatch(/^status must be one of Active, Completed, Cancelled, Hidden/);
    expect((await newProject(t, { contact: owner, budget_units: 'Weeks' })).status).toBe(422);
    expect((await newProject(t, { contact: owner, budget: '-5' })).body.errors[0].message).toMatch(/^budget must not be negative/);
    expect((await newProject(t, { contact: owner, starts_on: '2026-05-01', ends_on: '2026-04-01' })).body.errors[0].message).toMatch(/ends_on/);
  });

  it('lists active projects by default, other views, and those of one contact', async () => {
    const t = createTestBook();
    const a = await contact(t, { organisation_name: 'A' });
    const b = await contact(t, { organisation_name: 'B' });
    await newProject(t, { contact: a, name: 'Zebra' });
    await newProject(t, { contact: b, name: 'Apple' });
    await newProject(t, { contact: a, name: 'Done', status: 'Completed' });
    await newProject(t, { contact: a, name: 'Dropped', status: 'Cancelled' });
    await newProject(t, { contact: b, name: 'Secret', status: 'Hidden' });
    const names = async (query: string) => (await t.json('GET', `/v2/projects${query}`)).body.projects.map((row: any) => row.name);
    expect(await names('')).toEqual(['Apple', 'Zebra']);
    expect(await names('?view=completed')).toEqual(['Done']);
    expect(await names('?view=cancelled')).toEqual(['Dropped']);
    expect(await names('?view=hidden')).toEqual(['Secret']);
    expect(await names('?view=all&sort=-name')).toEqual(['Zebra', 'Secret', 'Dropped', 'Done', 'Apple']);
    expect(await names(`?view=all&contact=${encodeURIComponent(a)}`)).toEqual(['Done', 'Dropped', 'Zebra']);
    expect(await names('?view=all&sort=contact_name')).toEqual(['Zebra', 'Done', 'Dropped', 'Apple', 'Secret']);
    expect((await t.json('GET', '/v2/projects?contact=http://x/v2/contacts/999')).status).toBe(404);
    expect((await t.json('GET', '/v2/projects?view=paused')).status).toBe(400);
  });

  it('updates fields, and filters by updated_since', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const created = (await newProject(t, { contact: owner })).body.project;
    t.clock.set('2026-11-24T08:00:00Z');
    const updated = await t.json('PUT', new URL(created.url).pathname, { body: { project: { status: 'Completed', budget: '1500.50', budget_units: 'Monetary' } } });
    expect(updated.body.project).toMatchObject({ status: 'Completed', budget: '1500.5', budget_units: 'Monetary', name: 'Website' });
    const since = await t.json('GET', '/v2/projects?view=all&updated_since=2026-11-23T00:00:00Z');
    expect(since.body.projects.map((row: any) => row.url)).toEqual([created.url]);
  });

  it('cannot be deleted or moved to another contact while invoices use it (422)', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const other = await contact(t, { organisation_name: 'Other' });
    const project = (await newProject(t, { contact: owner })).body.project;
    await invoice(t, { contact: owner, project: project.url });
    expect((await t.json('GET', new URL(project.url).pathname)).body.project.is_deletable).toBe(false);
    expect((await t.json('DELETE', new URL(project.url).pathname)).status).toBe(422);
    expect((await t.json('PUT', new URL(project.url).pathname, { body: { project: { contact: other } } })).status).toBe(422);
    const free = (await newProject(t, { contact: owner, name: 'Free' })).body.project;
    const note = await t.json('POST', `/v2/notes?project=${encodeURIComponent(free.url)}`, { body: { note: { note: 'n' } } });
    expect((await t.json('DELETE', new URL(free.url).pathname)).status).toBe(200);
    expect((await t.json('GET', new URL(note.body.note.url).pathname)).status).toBe(404);
  });

  it('an invoice project must belong to the invoice contact', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const other = await contact(t, { organisation_name: 'Other' });
    const project = (await newProject(t, { contact: owner })).body.project;
    const response = await t.json('POST', '/v2/invoices', { body: { invoice: { contact: other, project: project.url, dated_on: '2026-11-01' } } });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].message).toBe('project belongs to another contact');
    // Moving an invoice to another contact cannot take the first contact's project along.
    const draft = await invoice(t, { contact: owner, project: project.url });
    expect((await t.json('PUT', new URL(draft.url).pathname, { body: { invoice: { contact: other } } })).body.errors[0].message).toBe('project belongs to another contact');
    expect((await t.json('PUT', new URL(draft.url).pathname, { body: { invoice: { contact: other, project: null } } })).status).toBe(200);
  });

  it('needs Contacts & Projects (3), and round-trips through XML', async () => {
    const t = createTestBook();
    const below = await t.userWithLevel(2);
    const allowed = await t.userWithLevel(3);
    const owner = await contact(t);
    expect((await t.json('GET', '/v2/projects', { token: below })).status).toBe(403);
    expect((await t.json('POST', '/v2/projects', { token: below, body: { project: { contact: owner, name: 'x' } } })).status).toBe(403);
    const created = await t.json('POST', '/v2/projects', { token: allowed, body: { project: { contact: owner, name: 'x' } } });
    expect(created.status).toBe(201);
    const path = new URL(created.body.project.url).pathname;
    expect((await t.json('PUT', path, { token: below, body: { project: { name: 'y' } } })).status).toBe(403);
    expect((await t.json('PUT', path, { token: allowed, body: { project: { name: 'y' } } })).status).toBe(200);
    expect((await t.json('DELETE', path, { token: below })).status).toBe(403);
    expect((await t.json('DELETE', path, { token: allowed })).status).toBe(200);

    const xml = `<project><contact>${owner}</contact><name>Roof</name><budget>40</budget><budget-units>Days</budget-units><starts-on>2026-12-01</starts-on></project>`;
    const posted = await t.request('POST', '/v2/projects', { xml, headers: { Accept: 'application/xml' } });
    expect(posted.status).toBe(201);
    const asXml = decodeXml(await posted.text()).project as Record<string, unknown>;
    expect(asXml).toEqual((await t.json('GET', new URL(asXml.url as string).pathname)).body.project);
    expect(asXml).toMatchObject({ name: 'Roof', budget: '40.0', budget_units: 'Days', starts_on: '2026-12-01' });
  });
});
