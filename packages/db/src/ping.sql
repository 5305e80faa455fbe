/* The readiness round trip (the API's /readyz, a worker's heartbeat): the database answers. */
/* @name Ping */
SELECT 1 AS "ok!";
