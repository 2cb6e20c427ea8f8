-- CreateTable
CREATE TABLE "import_progress" (
    "id" UUID NOT NULL,
    "user_id" INTEGER NOT NULL,
    "project_id" INTEGER NOT NULL,
    "phase" TEXT NOT NULL,
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "import_progress_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "import_progress_updated_at_idx" ON "import_progress"("updated_at");

-- AddForeignKey
ALTER TABLE "import_progress" ADD CONSTRAINT "import_progress_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_progress" ADD CONSTRAINT "import_progress_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
