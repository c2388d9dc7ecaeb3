-- What a create sent, in the book's spelling: when its answer was lost and it is found on the service
-- later, what either side changed since is told apart from what was sent (main/sync/reconcile.ts, adopt).
ALTER TABLE `sync_outbox` ADD `sent` text;
