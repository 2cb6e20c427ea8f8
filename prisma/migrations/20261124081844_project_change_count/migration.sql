-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "change_count" INTEGER NOT NULL DEFAULT 0;
