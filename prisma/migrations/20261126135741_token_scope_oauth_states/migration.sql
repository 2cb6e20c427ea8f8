-- AlterTable
ALTER TABLE "api_tokens" ADD COLUMN     "scope_org_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

-- AlterTable
ALTER TABLE "audit_events" ADD COLUMN     "token_id" INTEGER;

-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "token_id" INTEGER;

-- CreateTable
CREATE TABLE "oauth_states" (
    "state_hash" TEXT NOT NULL,
    "code_verifier" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "oauth_states_pkey" PRIMARY KEY ("state_hash")
);

-- CreateIndex
CREATE INDEX "oauth_states_expires_at_idx" ON "oauth_states"("expires_at");

-- CreateIndex
CREATE INDEX "sessions_token_id_idx" ON "sessions"("token_id");

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_token_id_fkey" FOREIGN KEY ("token_id") REFERENCES "api_tokens"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing tokens keep what they could reach when this ran: their owner's organizations.
UPDATE "api_tokens" t SET "scope_org_ids" = ARRAY(SELECT m."org_id" FROM "memberships" m WHERE m."user_id" = t."user_id" ORDER BY m."org_id");
