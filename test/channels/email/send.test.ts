import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailActivities } from '../../../channels/email/send.js';
import { SqliteSubscriptionStore } from '../../../subscriptions/sqlite-store.js';
import { freePort } from '../../../runtime/versitygw.js';
import { SmtpServer } from '../../support/smtp-server.js';
import { emailSubscription, incidentChange } from './fixtures.js';

describe('sendEmailDigest against a real SMTP server', () => {
  let dir: string;
  let store: SqliteSubscriptionStore;
  let smtp: SmtpServer;

  const activities = (smtpUrl = smtp.url) =>
    createEmailActivities({
      store,
      smtpUrl,
      from: 'alerts@eids.example.org',
      mapUrl: 'https://eids.example.org/map',
      timeoutMs: 5_000,
    });
  async function subscribed(address: string) {
    const subscription = emailSubscription(address);
    await store.create(subscription);
    return subscription;
  }
  const log = async (id: string) =>
    (await store.deliveries(id, 10)).map(({ changeId, status, lastStatus, lastError }) => ({
      changeId,
      status,
      lastStatus,
      lastError,
    }));

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-email-'));
    store = SqliteSubscriptionStore.open(join(dir, 'subscriptions.sqlite'));
    smtp = await SmtpServer.start();
  });
  afterAll(async () => {
    await smtp?.stop();
    store?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends one plain-text message for a batch, logs each change delivered, and never sends it twice', async () => {
    const subscription = await subscribed('ops@example.org');
    const batch = [incidentChange(1, 'Grass Fire', 'Wallacia'), incidentChange(2, 'Bush Fire', 'Katoomba')];
    for (const change of batch)
      await store.queued(
        subscription.id,
        { changeId: change.id, type: change.type, subject: change.subject },
        new Date().toISOString(),
      );
    const send = activities();
    expect(await send.sendEmailDigest(subscription.id, batch)).toEqual({ kind: 'delivered', status: 250 });
    const [mail, ...more] = await smtp.whenReceived('ops@example.org', 1);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      from: 'alerts@eids.example.org',
      subject: '2 changes in your area: Grass Fire and more',
      contentType: 'text/plain',
    });
    expect(mail!.text).toContain('- incident.updated: Grass Fire (Wallacia, nsw; watch_and_act;');
    expect(mail!.text).toContain('https://eids.example.org/map');
    expect(mail!.messageId).toBe(`<digest.${subscription.id}.00000001-0001@eids.example.org>`);
    expect((await log(subscription.id)).map((row) => row.status)).toEqual(['delivered', 'delivered']);

    // The activity is retried after its answer was lost: the log says the digest went, so it does not go again.
    expect(await send.sendEmailDigest(subscription.id, batch)).toEqual({ kind: 'delivered', status: 250 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.to('ops@example.org')).toHaveLength(1);
  });

  it('says the server refused an address, with its answer, and logs the change failed', async () => {
    const subscription = await subscribed('refuse-me@example.org');
    const change = incidentChange(3, 'Structure Fire', 'Penrith');
    await store.queued(
      subscription.id,
      { changeId: change.id, type: change.type, subject: change.subject },
      new Date().toISOString(),
    );
    const outcome = await activities().sendEmailDigest(subscription.id, [change]);
    expect(outcome).toEqual({
      kind: 'failed',
      status: 550,
      error: `the mail server 127.0.0.1:${smtp.port} refused it: 550 5.1.1 <refuse-me@example.org>: no such mailbox here`,
    });
    expect(await log(subscription.id)).toEqual([
      {
        changeId: change.id,
        status: 'pending',
        lastStatus: 550,
        lastError: outcome.kind === 'failed' ? outcome.error : '',
      },
    ]);
  });

  it('says a mail server that cannot be reached could not be, naming it', async () => {
    const subscription = await subscribed('ops2@example.org');
    const closed = await freePort();
    const outcome = await activities(`smtp://127.0.0.1:${closed}`).sendEmailDigest(subscription.id, [
      incidentChange(4, 'Flood', 'Lismore'),
    ]);
    expect(outcome.kind).toBe('failed');
    expect(outcome.kind === 'failed' && outcome.error).toMatch(
      new RegExp(`^the mail server 127\\.0\\.0\\.1:${closed} could not be reached: .*ECONNREFUSED`),
    );
  });

  it('sends nothing for a subscription deleted or disabled meanwhile', async () => {
    const subscription = await subscribed('gone@example.org');
    await store.disable(subscription.id, 'test', new Date().toISOString());
    expect(await activities().sendEmailDigest(subscription.id, [incidentChange(5, 'Fire', 'Bega')])).toEqual({
      kind: 'gone',
    });
    expect(
      await activities().sendEmailDigest('no-such-subscription', [incidentChange(6, 'Fire', 'Eden')]),
    ).toEqual({
      kind: 'gone',
    });
    expect(smtp.to('gone@example.org')).toEqual([]);
  });
});
