-- When a create first went out, on the service's clock (its Date header), or null when that clock was
-- not known then: a document found online later by its number and customer, made clearly before this,
-- is someone else's, not our create whose answer was lost (main/sync/in-doubt.ts, madeBeforeOurSend).
ALTER TABLE `sync_outbox` ADD `first_sent_at` text;
