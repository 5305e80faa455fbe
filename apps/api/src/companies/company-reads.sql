/*
  GET /companies/{domain} (company-lookup.ts), for every lookup of one turn of the event loop at
  once (coalesced-lookup.ts): the team's list entry (team_companies: what search covers) and the
  record of the company it names (company_records: each column as "c_<field>").
*/
/* @name LookUpCompanies */
SELECT asked.n AS "n!", tc.enriched_at AS "enrichedAt", c.*
FROM unnest(:domains!::text[], :teamIds!::text[]) WITH ORDINALITY AS asked(domain, team_id, n)
CROSS JOIN LATERAL (SELECT * FROM team_companies tc WHERE tc.team_id = asked.team_id AND tc.domain = asked.domain LIMIT 1) tc
CROSS JOIN LATERAL (SELECT * FROM company_records c WHERE c.c_domain = tc.domain LIMIT 1) c;
