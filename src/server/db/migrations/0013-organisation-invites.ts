import "server-only";
import { sql, type Kysely, type Migration } from "kysely";
import { withIdColumn, type DialectName } from "../dialect";

/**
 * Invitations to an organisation (OrganisationInvitesTable in schema.ts, server/organisations/invites.ts),
 * and the mail queue's reference to the invitation a mail job is about.
 */
export function organisationInvitesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("organisation_invites"), dialect)
        .addColumn("organisation_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.unique())
        .addColumn("invited_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("state", "text", (c) => c.notNull().defaultTo("pending"))
        .addColumn("accept_on_verify", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("answered_at", "text")
        .execute();
      // One pending invitation per (organisation, e-mail), even when two invites arrive together.
      await db.schema
        .createIndex("organisation_invites_one_pending")
        .on("organisation_invites")
        .columns(["organisation_id", "email"])
        .unique()
        .where(sql.ref("state"), "=", "pending")
        .execute();
      await db.schema.createIndex("organisation_invites_email").on("organisation_invites").columns(["email", "state"]).execute();
      await db.schema.alterTable("mail_jobs").addColumn("invite_id", "integer").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("mail_jobs").dropColumn("invite_id").execute();
      await db.schema.dropTable("organisation_invites").execute();
    },
  };
}
