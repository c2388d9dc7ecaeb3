import type Database from 'better-sqlite3';
import { preparedPerConnection } from '../prepared';

const postingDays = preparedPerConnection((sqlite: Database.Database) =>
  sqlite
    .prepare(
      `SELECT json_extract(before, '$.dated_on') AS day FROM change_set_rows WHERE set_id = @setId AND tbl = 'postings' AND before IS NOT NULL
       UNION SELECT json_extract(after, '$.dated_on') FROM change_set_rows WHERE set_id = @setId AND tbl = 'postings' AND after IS NOT NULL`,
    )
    .pluck(),
);

/**
 * The days of the postings a write added, moved or took away (before and after), from its change set:
 * all the days whose figures it can change, whichever path wrote them. (Under cash accounting a payment
 * posts on its own day, so the period it settles in is among them.)
 */
export const postingDaysOfSet = (sqlite: Database.Database, setId: number): string[] => postingDays(sqlite).all({ setId }) as string[];
