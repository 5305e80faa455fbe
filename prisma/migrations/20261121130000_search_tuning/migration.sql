-- Search tuning: typo tolerance from a vocabulary of the words companies are known by.
--
-- Measured on 100,000 companies (scripts/bench-search.ts): `search_text %> q` misses a
-- one-letter typo of a long word at pg_trgm's default threshold (word_similarity('anlytics',
-- 'analytics') = 0.58 < 0.6), and every candidate row costs a trigram comparison of its whole
-- search_text (about 9 µs each, so a typo query spent ~30 ms in rechecks alone). Comparing a
-- query word with the few thousand distinct words of names, industries and locations is cheap;
-- the corrected words are then searched with the tsvector index like typed ones.
CREATE TABLE "search_words" (
    "word" TEXT COLLATE "C" NOT NULL,
    CONSTRAINT "search_words_pkey" PRIMARY KEY ("word")
);
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING GIN ("word" gin_trgm_ops);

-- Words are only ever added: a word no company uses any more costs a correction that finds
-- nothing. Plain letters and digits only, so a word is always safe inside a tsquery. Sorted, so
-- that concurrent writers take the words' index locks in the same order and cannot deadlock.
CREATE FUNCTION "collect_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "search_words" ("word")
    SELECT DISTINCT word
    FROM "changed_companies" c,
         unnest(tsvector_to_array(to_tsvector('simple',
             coalesce(c."name", '') || ' ' || coalesce(c."industry", '') || ' ' || coalesce(c."location", '')))) AS word
    WHERE word ~ '^[[:alnum:]]{2,40}$'
    ORDER BY word
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;

-- Statement triggers with transition tables: one insert of words per statement, also for bulk writes.
CREATE TRIGGER "companies_search_words_insert" AFTER INSERT ON "companies"
    REFERENCING NEW TABLE AS "changed_companies" FOR EACH STATEMENT EXECUTE FUNCTION "collect_search_words"();
CREATE TRIGGER "companies_search_words_update" AFTER UPDATE ON "companies"
    REFERENCING NEW TABLE AS "changed_companies" FOR EACH STATEMENT EXECUTE FUNCTION "collect_search_words"();

INSERT INTO "search_words" ("word")
SELECT DISTINCT word
FROM "companies" c,
     unnest(tsvector_to_array(to_tsvector('simple',
         coalesce(c."name", '') || ' ' || coalesce(c."industry", '') || ' ' || coalesce(c."location", '')))) AS word
WHERE word ~ '^[[:alnum:]]{2,40}$'
ON CONFLICT DO NOTHING;
ANALYZE "search_words";

-- search_text and its trigram index served only the row-by-row typo matching this replaces;
-- without them every company write skips a GIN update.
DROP INDEX "companies_search_text_trgm_idx";
ALTER TABLE "companies" DROP COLUMN "search_text";

-- Filters without q would otherwise read every company of the team (~150 ms for industry and
-- location over 100,000); with these the filtered listing reads only the matching companies.
CREATE INDEX "companies_lower_industry_idx" ON "companies" (lower("industry"));
CREATE INDEX "companies_location_trgm_idx" ON "companies" USING GIN ("location" gin_trgm_ops);
