-- AlterTable
ALTER TABLE "run_tests" ADD COLUMN     "assignee_id" INTEGER;

-- CreateIndex
CREATE INDEX "run_tests_assigned_idx" ON "run_tests"("run_id", "assignee_id", "status") WHERE (assignee_id IS NOT NULL);

-- CreateIndex
CREATE INDEX "run_tests_assignee_work_idx" ON "run_tests"("assignee_id", "run_id", "status") WHERE (assignee_id IS NOT NULL);

-- AddForeignKey
ALTER TABLE "run_tests" ADD CONSTRAINT "run_tests_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
