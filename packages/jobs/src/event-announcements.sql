/* The event streams' announcement in PostgreSQL mode (event-announcements.ts: postgresJobEvents). */
/* @name NotifyEvent */
SELECT pg_notify(:channel!, :payload!);
