-- The access level a write needed, so its undo or redo needs the same (a user since demoted cannot
-- take back what only a higher level may change). NULL: a set made before this was kept.
ALTER TABLE `change_sets` ADD `level` integer;
