-- CreateTable
CREATE TABLE "test_field_values" (
    "project_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "number" DOUBLE PRECISION,
    "test_id" INTEGER NOT NULL,

    CONSTRAINT "test_field_values_pkey" PRIMARY KEY ("project_id","key","value","test_id")
);

-- CreateIndex
CREATE INDEX "test_field_values_project_id_key_number_test_id_idx" ON "test_field_values"("project_id", "key", "number", "test_id");

-- CreateIndex
CREATE INDEX "test_field_values_test_id_idx" ON "test_field_values"("test_id");

-- AddForeignKey
ALTER TABLE "test_field_values" ADD CONSTRAINT "test_field_values_test_id_fkey" FOREIGN KEY ("test_id") REFERENCES "tests"("id") ON DELETE CASCADE ON UPDATE CASCADE;
