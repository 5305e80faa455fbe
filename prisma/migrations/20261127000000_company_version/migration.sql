-- A company's updated_at is the version of every kept answer that shows it (the job poll and
-- the batch poll, apps/api/src/kept-answers.ts): an update of the row moves it, whoever writes
-- it. A writer that sets it (Prisma's @updatedAt) keeps its own; one that does not (plain SQL)
-- gets the time now, at least a millisecond past the old version (the column keeps milliseconds).
CREATE FUNCTION "touch_company_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW."updated_at" IS NOT DISTINCT FROM OLD."updated_at" THEN
        NEW."updated_at" := greatest((clock_timestamp() AT TIME ZONE 'UTC')::timestamp(3), OLD."updated_at" + interval '1 millisecond');
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER "companies_version" BEFORE UPDATE ON "companies"
    FOR EACH ROW EXECUTE FUNCTION "touch_company_version"();
