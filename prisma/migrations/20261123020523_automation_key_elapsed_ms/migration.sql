-- AlterTable
ALTER TABLE "run_tests" ADD COLUMN     "elapsed_ms" INTEGER;

-- AlterTable
ALTER TABLE "status_history" ADD COLUMN     "elapsed_ms" INTEGER;

-- AlterTable
ALTER TABLE "tests" ADD COLUMN     "automation_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "tests_project_id_automation_key_key" ON "tests"("project_id", "automation_key");
