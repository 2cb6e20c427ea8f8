-- CreateEnum
CREATE TYPE "CustomFieldType" AS ENUM ('text', 'textarea', 'number', 'checkbox', 'date', 'url', 'select', 'multiselect', 'user');

-- CreateEnum
CREATE TYPE "CustomFieldTarget" AS ENUM ('test', 'result');

-- AlterTable
ALTER TABLE "run_tests" ADD COLUMN     "custom_fields" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "step_results" JSONB,
ADD COLUMN     "test_version" INTEGER;

-- AlterTable
ALTER TABLE "status_history" ADD COLUMN     "custom_fields" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "step_results" JSONB;

-- AlterTable
ALTER TABLE "tests" ADD COLUMN     "custom_fields" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "step_list" JSONB,
ADD COLUMN     "updated_by" INTEGER,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "custom_fields" (
    "id" SERIAL NOT NULL,
    "project_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" "CustomFieldType" NOT NULL,
    "applies_to" "CustomFieldTarget" NOT NULL,
    "options" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "required" BOOLEAN NOT NULL DEFAULT false,
    "default_value" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "custom_fields_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shared_steps" (
    "id" SERIAL NOT NULL,
    "project_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "steps" JSONB NOT NULL,
    "created_by" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "shared_steps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "test_versions" (
    "test_id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "user_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changed_fields" TEXT[],
    "content" JSONB NOT NULL,

    CONSTRAINT "test_versions_pkey" PRIMARY KEY ("test_id","version")
);

-- CreateIndex
CREATE UNIQUE INDEX "custom_fields_project_id_key_key" ON "custom_fields"("project_id", "key");

-- CreateIndex
CREATE INDEX "shared_steps_project_id_idx" ON "shared_steps"("project_id");

-- CreateIndex
CREATE INDEX "tests_custom_fields_idx" ON "tests" USING GIN ("custom_fields" jsonb_path_ops);

-- CreateIndex
CREATE INDEX "tests_step_list_idx" ON "tests" USING GIN ("step_list" jsonb_path_ops);

-- AddForeignKey
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shared_steps" ADD CONSTRAINT "shared_steps_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "test_versions" ADD CONSTRAINT "test_versions_test_id_fkey" FOREIGN KEY ("test_id") REFERENCES "tests"("id") ON DELETE CASCADE ON UPDATE CASCADE;
