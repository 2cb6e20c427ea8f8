-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "defect_url_template" TEXT;

-- AlterTable
ALTER TABLE "run_tests" ADD COLUMN     "defects" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "status_history" ADD COLUMN     "defects" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "run_tests_with_defects_idx" ON "run_tests"("run_id", "test_id") WHERE (cardinality(defects) > 0);
