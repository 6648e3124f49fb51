-- Rate-limit counters are written on every checkout and sign-in and are worth nothing after a crash:
-- unlogged, their writes wait for no WAL flush, so a client address's counter row is locked for
-- microseconds instead of a disk sync (docs/decisions/091). A crash or a failover empties them.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
