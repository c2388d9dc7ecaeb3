-- A token may end on its own (cli token --expires): NULL is a token that lasts until revoked.
ALTER TABLE `api_tokens` ADD `expires_at` text;
