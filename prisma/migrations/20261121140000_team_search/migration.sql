-- Search per team: team_companies carries what GET /companies/search matches, filters and
-- ranks on, so that a search reads only the calling team's rows.
--
-- Measured on 100,000 companies of one team (scripts/bench-search.ts): with the tsvector on
-- companies, team membership was a semi-join that read all 100,000 team rows for every
-- search, and every filter read the wide companies rows (about 2 kB each) of every match.
-- Here one GIN index on (team_id, search_vector) finds the team's matches, and companies is
-- read for the 20-odd rows of the page only.
--
-- The copied columns belong to the database, not to the pipeline: triggers copy them when a
-- team row is written and when a company's searched fields change.

CREATE EXTENSION IF NOT EXISTS btree_gin;

-- No company may change between the copy below and the trigger that keeps it. Locked before
-- team_companies, in the order the finalize step writes them, so that the two cannot deadlock.
LOCK TABLE "companies" IN SHARE ROW EXCLUSIVE MODE;

ALTER TABLE "team_companies"
    ADD COLUMN "search_vector" tsvector,
    ADD COLUMN "industry" TEXT,
    ADD COLUMN "business_stage" TEXT,
    ADD COLUMN "location" TEXT,
    ADD COLUMN "confidence" INTEGER;

UPDATE "team_companies" t
SET "search_vector" = c."search_vector", "industry" = c."industry", "business_stage" = c."business_stage",
    "location" = c."location", "confidence" = c."confidence"
FROM "companies" c
WHERE c."domain" = t."domain";

-- A team row always holds its company's values, whatever a writer sent: copied when the row is
-- inserted, and again when anything writes the copied columns or the domain (the foreign
-- key's cascade of a renamed company). Refreshing enriched_at alone copies nothing.
-- FOR SHARE waits for a company update in flight and then reads its result: without it, a team
-- row inserted while another transaction re-enriches the company would keep the old values,
-- as that transaction's trigger below cannot see the row yet.
CREATE FUNCTION "copy_company_search_columns"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    SELECT c."search_vector", c."industry", c."business_stage", c."location", c."confidence"
    INTO NEW."search_vector", NEW."industry", NEW."business_stage", NEW."location", NEW."confidence"
    FROM "companies" c
    WHERE c."domain" = NEW."domain"
    FOR SHARE;
    RETURN NEW;
END
$$;
CREATE TRIGGER "team_companies_search_columns"
    BEFORE INSERT OR UPDATE OF "domain", "search_vector", "industry", "business_stage", "location", "confidence" ON "team_companies"
    FOR EACH ROW EXECUTE FUNCTION "copy_company_search_columns"();

-- A company's new values reach the rows of every team that enriched it. Row by row, so that
-- each update finds its team rows by the domain index. No trigger on insert: a team row
-- cannot exist before its company (foreign key), and its own trigger copies the values.
CREATE FUNCTION "push_company_search_columns"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "team_companies"
    SET "search_vector" = NEW."search_vector", "industry" = NEW."industry", "business_stage" = NEW."business_stage",
        "location" = NEW."location", "confidence" = NEW."confidence"
    WHERE "domain" = NEW."domain";
    RETURN NULL;
END
$$;
CREATE TRIGGER "companies_team_search_columns"
    AFTER UPDATE OF "domain", "name", "description", "industry", "location", "business_stage", "confidence" ON "companies"
    FOR EACH ROW
    WHEN ((OLD."search_vector", OLD."industry", OLD."business_stage", OLD."location", OLD."confidence")
          IS DISTINCT FROM (NEW."search_vector", NEW."industry", NEW."business_stage", NEW."location", NEW."confidence"))
    EXECUTE FUNCTION "push_company_search_columns"();

-- A search: the team's matches of the tsquery, in one index (btree_gin puts team_id in it), so a
-- small team never reads a big one's matches. Without a pending list, a search never scans
-- unmerged entries one by one; each team row write (about 0.25 ms) merges its own.
CREATE INDEX "team_companies_team_id_search_vector_idx" ON "team_companies"
    USING GIN ("team_id", "search_vector") WITH (fastupdate = off);
-- Filters without q: the team's companies of one industry, already in listing order; part of a location.
CREATE INDEX "team_companies_team_id_lower_industry_idx" ON "team_companies"
    ("team_id", lower("industry"), "enriched_at" DESC, "domain");
CREATE INDEX "team_companies_team_id_location_idx" ON "team_companies"
    USING GIN ("team_id", "location" gin_trgm_ops) WITH (fastupdate = off);
-- The listing's total: one deduplicated key per team counts about twice as fast as the primary key.
CREATE INDEX "team_companies_team_id_idx" ON "team_companies" ("team_id");
-- The trigger above and the cascades from companies find a company's team rows by domain.
CREATE INDEX "team_companies_domain_idx" ON "team_companies" ("domain");

-- These served the filters when search read companies; nothing reads them now. Search does
-- not read companies_search_vector_idx any more either; it stays for now, as the Company model
-- in schema.prisma describes it.
DROP INDEX "companies_lower_industry_idx";
DROP INDEX "companies_location_trgm_idx";

ANALYZE "team_companies";
