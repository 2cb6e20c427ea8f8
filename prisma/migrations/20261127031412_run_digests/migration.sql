-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "results_at" TIMESTAMP(3),
ADD COLUMN     "results_version" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "run_digests" (
    "run_id" INTEGER NOT NULL,
    "results_version" INTEGER NOT NULL,
    "test_ids" BYTEA NOT NULL,
    "statuses" BYTEA NOT NULL,
    "elapsed_ms" BYTEA NOT NULL,
    "executed_at" BYTEA NOT NULL,

    CONSTRAINT "run_digests_pkey" PRIMARY KEY ("run_id")
);

-- AddForeignKey
ALTER TABLE "run_digests" ADD CONSTRAINT "run_digests_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
