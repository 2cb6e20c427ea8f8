-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "configuration" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "plan_id" INTEGER;

-- CreateTable
CREATE TABLE "configuration_groups" (
    "id" SERIAL NOT NULL,
    "project_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "configuration_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "configuration_options" (
    "id" SERIAL NOT NULL,
    "group_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "configuration_options_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plans" (
    "id" SERIAL NOT NULL,
    "project_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "milestone_id" INTEGER,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "created_by" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "configuration_groups_project_id_name_key" ON "configuration_groups"("project_id", "name");

-- CreateIndex
CREATE INDEX "configuration_options_group_id_position_idx" ON "configuration_options"("group_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "configuration_options_group_id_name_key" ON "configuration_options"("group_id", "name");

-- CreateIndex
CREATE INDEX "plans_project_id_id_idx" ON "plans"("project_id", "id");

-- CreateIndex
CREATE INDEX "plans_milestone_id_idx" ON "plans"("milestone_id");

-- CreateIndex
CREATE INDEX "runs_plan_id_idx" ON "runs"("plan_id");

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "configuration_groups" ADD CONSTRAINT "configuration_groups_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "configuration_options" ADD CONSTRAINT "configuration_options_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "configuration_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plans" ADD CONSTRAINT "plans_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plans" ADD CONSTRAINT "plans_milestone_id_fkey" FOREIGN KEY ("milestone_id") REFERENCES "milestones"("id") ON DELETE SET NULL ON UPDATE CASCADE;
