-- DropIndex
DROP INDEX "tests_project_id_automation_status_id_idx";

-- DropIndex
DROP INDEX "tests_project_id_deleted_at_id_idx";

-- DropIndex
DROP INDEX "tests_project_id_priority_id_idx";

-- DropIndex
DROP INDEX "tests_project_id_section_id_idx";

-- DropIndex
DROP INDEX "tests_project_id_squad_id_idx";

-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "live_test_count" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "tests_live_project_id_id_idx" ON "tests"("project_id", "id") WHERE ("deleted_at" IS NULL);

-- CreateIndex
CREATE INDEX "tests_live_section_id_idx" ON "tests"("project_id", "section_id", "id") WHERE ("deleted_at" IS NULL);

-- CreateIndex
CREATE INDEX "tests_live_priority_id_idx" ON "tests"("project_id", "priority_id", "id") WHERE ("deleted_at" IS NULL);

-- CreateIndex
CREATE INDEX "tests_live_squad_id_idx" ON "tests"("project_id", "squad_id", "id") WHERE ("deleted_at" IS NULL);

-- CreateIndex
CREATE INDEX "tests_live_automation_status_id_idx" ON "tests"("project_id", "automation_status_id", "id") WHERE ("deleted_at" IS NULL);

-- Initialise the new counter from the catalog as it stands (a data step the schema diff cannot write).
UPDATE "projects" p SET "live_test_count" = c.n
  FROM (SELECT "project_id", count(*)::int AS n FROM "tests" WHERE "deleted_at" IS NULL GROUP BY "project_id") c
 WHERE p."id" = c."project_id";
