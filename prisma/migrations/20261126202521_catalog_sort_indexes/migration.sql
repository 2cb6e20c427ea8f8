-- CreateIndex
CREATE INDEX "tests_live_title_idx" ON "tests"("project_id", "title", "id") WHERE ("deleted_at" IS NULL);

-- CreateIndex
CREATE INDEX "tests_live_updated_at_idx" ON "tests"("project_id", "updated_at", "id") WHERE ("deleted_at" IS NULL);
