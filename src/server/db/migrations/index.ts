import "server-only";
import type { Migration } from "kysely";
import type { DialectName } from "../dialect";
import { usersMigration } from "./0001-users";
import { accountsMigration } from "./0002-accounts";
import { projectsMigration } from "./0003-projects";
import { signsMigration } from "./0004-signs";
import { contentSchemaMigration } from "./0005-content-schema";
import { dropContentSchemaMigration } from "./0006-drop-content-schema";
import { shareLinksMigration } from "./0007-share-links";
import { drawingStylesMigration } from "./0008-drawing-styles";
import { customListsMigration } from "./0009-custom-lists";
import { exportsMigration } from "./0010-exports";
import { pipePresetsMigration } from "./0011-pipe-presets";
import { mailJobsMigration } from "./0012-mail-jobs";
import { organisationInvitesMigration } from "./0013-organisation-invites";
import { ownershipTransfersMigration } from "./0014-ownership-transfers";
import { billingMigration } from "./0015-billing";
import { adminMigration } from "./0016-admin";
import { paymentsCreditNotesMigration } from "./0017-payments-credit-notes";
import { feedbackAnswersMigration } from "./0018-feedback-answers";
import { catalogueSignsMigration } from "./0019-catalogue-signs";
import { pageSessionsMigration } from "./0020-page-sessions";
import { archiveMigration } from "./0021-archive";
import { signplanChangesMigration } from "./0022-signplan-changes";

/**
 * Every migration, in order. Listed statically (not read from the folder at run time) so that they are
 * bundled with the route handlers and run the same from server.ts, the CLI and the tests.
 * Names sort in application order; never rename or edit one that has shipped: add a new one.
 */
export function getMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    "0001-users": usersMigration(dialect),
    "0002-accounts": accountsMigration(dialect),
    "0003-projects": projectsMigration(dialect),
    "0004-signs": signsMigration(dialect),
    "0005-content-schema": contentSchemaMigration(),
    "0006-drop-content-schema": dropContentSchemaMigration(),
    "0007-share-links": shareLinksMigration(),
    "0008-drawing-styles": drawingStylesMigration(),
    "0009-custom-lists": customListsMigration(dialect),
    "0010-exports": exportsMigration(dialect),
    "0011-pipe-presets": pipePresetsMigration(dialect),
    "0012-mail-jobs": mailJobsMigration(dialect),
    "0013-organisation-invites": organisationInvitesMigration(dialect),
    "0014-ownership-transfers": ownershipTransfersMigration(dialect),
    "0015-billing": billingMigration(dialect),
    "0016-admin": adminMigration(dialect),
    "0017-payments-credit-notes": paymentsCreditNotesMigration(dialect),
    "0018-feedback-answers": feedbackAnswersMigration(),
    "0019-catalogue-signs": catalogueSignsMigration(dialect),
    "0020-page-sessions": pageSessionsMigration(),
    "0021-archive": archiveMigration(dialect),
    "0022-signplan-changes": signplanChangesMigration(dialect),
  };
}
