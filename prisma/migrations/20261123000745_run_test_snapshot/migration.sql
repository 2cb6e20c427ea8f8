-- AlterTable
ALTER TABLE "run_tests" ADD COLUMN     "snapshot" JSONB;
