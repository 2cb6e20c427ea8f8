-- CreateEnum
CREATE TYPE "MilestoneStatus" AS ENUM ('open', 'completed');

-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "milestone_id" INTEGER;

-- CreateTable
CREATE TABLE "milestones" (
    "id" SERIAL NOT NULL,
    "project_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "start_date" DATE,
    "due_date" DATE,
    "parent_id" INTEGER,
    "status" "MilestoneStatus" NOT NULL DEFAULT 'open',
    "completed_at" TIMESTAMP(3),
    "created_by" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "milestones_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "milestones_project_id_id_idx" ON "milestones"("project_id", "id");

-- CreateIndex
CREATE INDEX "milestones_parent_id_idx" ON "milestones"("parent_id");

-- CreateIndex
CREATE INDEX "runs_milestone_id_idx" ON "runs"("milestone_id");

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_milestone_id_fkey" FOREIGN KEY ("milestone_id") REFERENCES "milestones"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "milestones"("id") ON DELETE SET NULL ON UPDATE CASCADE;
