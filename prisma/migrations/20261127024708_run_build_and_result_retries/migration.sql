-- AlterTable
ALTER TABLE "run_tests" ADD COLUMN     "flaky_in_run" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "retries" SMALLINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "build_branch" TEXT,
ADD COLUMN     "build_commit" TEXT,
ADD COLUMN     "build_number" TEXT,
ADD COLUMN     "build_url" TEXT,
ADD COLUMN     "ci_job" TEXT;
